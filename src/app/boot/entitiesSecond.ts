/** Boot stage 4 (see main.tsx and entitiesFirst.ts): the entity schemas of setup and the listing, and the second quarter. */
import '../../contract/entities/setup'
import '../../contract/entities/afisha'
import '../../contract/entities/price'
import '../../contract/entities/event'
import '../../contract/entities/buyer'
import '../../contract/entities/order'
import '../../contract/entities/nominal'
