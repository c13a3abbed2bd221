/** Boot stage 3 (see main.tsx and entitiesFirst.ts): the other half of the entity schemas. */
import '../../contract/entities'
