/**
 * Boot stage 1 (see main.tsx): zod's core, its schema classes, which the classic API (stage 2,
 * with contract/lang.ts) builds on. Evaluating the core on its own halves the longest boot stage
 * (issue 16). A named import, not `import('zod/v4/core')`: the core's index also re-exports
 * every zod locale (230 kB) that only a whole-namespace import would keep in the bundle.
 */
export { $ZodType } from 'zod/v4/core'
