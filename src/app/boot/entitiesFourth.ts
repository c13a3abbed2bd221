/** Boot stage 6 (see main.tsx and entitiesFirst.ts): the rest of the entity schemas. */
import '../../contract/entities'
