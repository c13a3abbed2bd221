/**
 * Boot stage 2 (see main.tsx): the contract's entity schemas. Zod builds each schema as its module
 * evaluates; with the calls (boot/contract.ts) that was one 65-75 ms task in a trace here, so the
 * entities (about 60% of it) get a task of their own. Imported for that side effect only.
 */
import '../../contract/entities'
