/** Boot stage 3 (see main.tsx and entitiesFirst.ts): the second quarter of the entity schemas. */
import '../../contract/entities/price'
import '../../contract/entities/event'
import '../../contract/entities/buyer'
import '../../contract/entities/order'
import '../../contract/entities/nominal'
