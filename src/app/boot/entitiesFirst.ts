/**
 * Boot stage 2 (see main.tsx): the first half of the contract's entity schemas (zod builds each
 * as its module evaluates). The calls and every entity together were one 65-75 ms task in a trace
 * here, the entities alone 56-57 ms, so they come in two halves (this and entitiesSecond.ts),
 * each in a task of its own. Imported for that side effect only.
 */
import '../../contract/entities/common'
import '../../contract/entities/token'
import '../../contract/entities/crm'
import '../../contract/entities/setup'
import '../../contract/entities/afisha'
import '../../contract/entities/price'
import '../../contract/entities/event'
import '../../contract/entities/buyer'
import '../../contract/entities/order'
import '../../contract/entities/nominal'
import '../../contract/entities/captcha'
