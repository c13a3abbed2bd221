/**
 * Boot stage 3 (see main.tsx): the first quarter of the contract's entity schemas (zod builds each
 * as its module evaluates). The calls and every entity together were one 65-75 ms task in a trace
 * here, the entities alone 56-57 ms, and two halves still ~50 ms each on a quiet machine (the
 * storefront benchmark's longest start-up tasks), so they come in four parts of about the same
 * size in schema lines (this, entitiesSecond.ts, entitiesThird.ts, entitiesFourth.ts), each
 * evaluated in a task of its own. Imported for that side effect only.
 *
 * This first part is the smallest: the first schemas built also compile zod's own builders, so
 * with setup and afisha here it was the one start-up task over 50 ms left on the phone profile
 * (59-67 ms at 4x, in each of five traced loads; `npm run bench:trace -- --phone`), and in none
 * of three once they moved to entitiesSecond.ts (2026-11-30).
 */
import '../../contract/entities/common'
import '../../contract/entities/token'
import '../../contract/entities/crm'
