/** Boot stage 5 (see main.tsx and entitiesFirst.ts): the third quarter of the entity schemas. */
import '../../contract/entities/captcha'
import '../../contract/entities/access'
import '../../contract/entities/cart'
import '../../contract/entities/best'
import '../../contract/entities/scheme'
import '../../contract/entities/compiledVenue'
