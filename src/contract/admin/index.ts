/**
 * The operator console's contract (issue 17): roles and permissions, the calls under /api/admin
 * and their schemas. Kept out of contract/index.ts on purpose: the storefront bundle imports that
 * one and must not carry the console's schemas.
 */
export * from './roles'
export * from './access'
export * from './catalogue'
export * from './sales'
export * from './door'
export * from './care'
export * from './calls'
export * from './studio'
export * from './venueWarnings'
export * from './offers'
export * from './issues'
