/**
 * Boot stage 2 (see main.tsx): the first quarter of the contract's entity schemas (zod builds each
 * as its module evaluates). The calls and every entity together were one 65-75 ms task in a trace
 * here, the entities alone 56-57 ms, and two halves still ~50 ms each on a quiet machine (the
 * storefront benchmark's longest start-up tasks), so they come in four parts of about the same
 * size in schema lines (this, entitiesSecond.ts, entitiesThird.ts, entitiesFourth.ts), each
 * evaluated in a task of its own. Imported for that side effect only.
 */
import '../../contract/entities/common'
import '../../contract/entities/token'
import '../../contract/entities/crm'
import '../../contract/entities/setup'
import '../../contract/entities/afisha'
