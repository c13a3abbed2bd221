/**
 * Header names every POST carries (both §7). Apart from token.ts (its zod schema) so that the
 * storefront's entry can send its early requests without evaluating zod (app/boot/earlyAnswers.ts).
 */
export const CSRF_HEADER = 'X-CSRF-TOKEN'
export const XHR_HEADER = 'X-Requested-With'
export const XHR_VALUE = 'XMLHttpRequest'
