import './styles/base.css'
import './styles/shell.css'
import './styles/afisha.css'
import { loadInStages } from './boot/stages'

/**
 * The entry: it loads the app in stages, each evaluated in a task of its own with a yield to the
 * browser between them, so no start-up task passes the 50 ms the storefront allows (issue 16).
 * One static entry evaluated the contract (zod schemas), React, the router and i18n in one
 * 80-140 ms task. Stages:
 * 1. zod's core, with the small language schema (contract/lang.ts);
 * 2. the contract's entity schemas (boot/entities.ts);
 * 3. its calls, the API client and the session store (boot/contract.ts);
 * 4. React DOM and the router (boot/framework.ts);
 * 5. i18n, the shell and the routes (boot/mount.tsx); then the first render, which React slices
 *    itself (a transition).
 * The stages' chunks are preloaded from index.html (vite.config.ts, preloadBootStages), so
 * staging adds no network round trip.
 */
void loadInStages(
  [() => import('../contract/lang'), () => import('./boot/entities'), () => import('./boot/contract'), () => import('./boot/framework')],
  () => import('./boot/mount'),
).then(({ mount }) => mount())
