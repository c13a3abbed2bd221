/**
 * Boot stage 7 (see main.tsx): the API contract's calls (their schemas are built as the module
 * evaluates), the API client and the session store.
 */
export { useSession } from '../state/session'
