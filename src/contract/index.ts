/**
 * The storefront API contract: zod schemas of every call of §7 of both spec documents, the
 * call registry (calls, callList), the error catalogue, languages, §9 constants, the shared
 * validation rules of §5 and a typed client. The server, the app and OpenAPI all derive from it.
 */
export * from './define'
export * from './errors'
export * from './lang'
export * from './constants'
export * from './calls'
export * from './entities'
export * from './rules'
export * from './client'
