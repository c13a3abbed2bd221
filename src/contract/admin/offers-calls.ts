import { z } from 'zod'
import type { CallDef } from '../define'
import { langSchema } from '../lang'
import { adminIdParamsSchema as byId, okResponseSchema as ok } from './access'
import { idResponseSchema } from './catalogue'
import * as o from './offers'
import type { Permission } from './roles'

/**
 * Console calls of subscriptions' compositions, special offers, promo codes, loyalty, agreement
 * checkboxes and the shop's setup (issue 17 item 2), merged into adminCalls (calls.ts).
 */
function call<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  /** `uploadLimit`: the uploaded file's size rule, which a 413 names (calls.ts). */
  def: CallDef<Req, Res, Params> & { permission: Permission | null | 'public'; bodyLimit?: number; uploadLimit?: number },
) {
  return def
}
const noQuery = z.object({ lang: langSchema.optional() })
const empty = z.object({ lang: langSchema.optional() })
/** A copy of a promo code needs a code of its own (codes are unique). */
export const promoCopySchema = z.object({ code: o.promoCodeSchema, lang: langSchema.optional() })

const W = 'catalogue.write' as const
/*
 * Reading them (extras) needs W too: promo codes are secrets that discount orders, and the
 * offers, loyalty and agreements are only edited there; no box office or door screen lists them.
 */
export const offerCalls = {
  extras: call({ method: 'GET', path: '/api/admin/extras', summary: 'Compositions of subscriptions, special offers, promo codes, agreement checkboxes and the loyalty settings', request: noQuery, response: o.extrasResponseSchema, permission: W }),
  compositionCreate: call({ method: 'POST', path: '/api/admin/events/:id/compositions', summary: 'Add a line to the composition of a subscription (an event of the subscriptions kind)', request: o.compositionInputSchema, params: byId, response: idResponseSchema, permission: W }),
  compositionUpdate: call({ method: 'POST', path: '/api/admin/compositions/:id', summary: 'Edit a composition line', request: o.compositionInputSchema, params: byId, response: ok, permission: W }),
  compositionDelete: call({ method: 'POST', path: '/api/admin/compositions/:id/delete', summary: 'Remove a composition line', request: empty, params: byId, response: ok, permission: W }),
  offerCreate: call({ method: 'POST', path: '/api/admin/offers', summary: 'Create a special offer (a service added to tickets on the order page)', request: o.offerInputSchema, response: idResponseSchema, permission: W }),
  offerUpdate: call({ method: 'POST', path: '/api/admin/offers/:id', summary: 'Edit a special offer', request: o.offerInputSchema, params: byId, response: ok, permission: W }),
  offerCopy: call({ method: 'POST', path: '/api/admin/offers/:id/copy', summary: 'Copy a special offer (the copy starts inactive)', request: empty, params: byId, response: idResponseSchema, permission: W }),
  offerArchive: call({ method: 'POST', path: '/api/admin/offers/:id/archive', summary: 'Archive a special offer: no longer offered; orders keep what they took', request: empty, params: byId, response: ok, permission: W }),
  promoCreate: call({ method: 'POST', path: '/api/admin/promos', summary: 'Create a promo code', request: o.promoInputSchema, response: idResponseSchema, permission: W }),
  promoUpdate: call({ method: 'POST', path: '/api/admin/promos/:id', summary: 'Edit a promo code (its uses so far stay counted; orders that took it keep the terms they took)', request: o.promoInputSchema, params: byId, response: ok, permission: W }),
  promoCopy: call({ method: 'POST', path: '/api/admin/promos/:id/copy', summary: 'Copy a promo code under a new code (no uses yet)', request: promoCopySchema, params: byId, response: idResponseSchema, permission: W }),
  promoArchive: call({ method: 'POST', path: '/api/admin/promos/:id/archive', summary: 'Archive a promo code: the shop refuses it from now on', request: empty, params: byId, response: ok, permission: W }),
  agreementCreate: call({ method: 'POST', path: '/api/admin/agreements', summary: 'Create an agreement checkbox of the order, named-ticket or return form', request: o.agreementInputSchema, response: idResponseSchema, permission: W }),
  agreementUpdate: call({ method: 'POST', path: '/api/admin/agreements/:id', summary: 'Edit an agreement checkbox', request: o.agreementInputSchema, params: byId, response: ok, permission: W }),
  agreementDelete: call({ method: 'POST', path: '/api/admin/agreements/:id/delete', summary: 'Remove an agreement checkbox', request: empty, params: byId, response: ok, permission: W }),
  loyaltyUpdate: call({ method: 'POST', path: '/api/admin/loyalty', summary: 'Loyalty settings: the percent of the amount paid credited as bonuses', request: o.loyaltyInputSchema.extend({ lang: langSchema.optional() }), response: ok, permission: 'settings.manage' }),
  loyaltyCardFind: call({ method: 'GET', path: '/api/admin/loyalty/cards', summary: 'A loyalty card by its code (trimmed): its balance, whether it is blocked, its CRM client', description: 'Answers the card with the number of unpaid orders whose bonuses it applied (what a block would give back to it); an unknown code answers 404 (-1004).', request: o.cardFindQuerySchema, response: o.loyaltyCardSchema, permission: 'settings.manage' }),
  loyaltyCardBlock: call({ method: 'POST', path: '/api/admin/loyalty/cards/:id/block', summary: 'Block or unblock a loyalty card', description: 'A blocked card spends and earns no bonuses: the bonuses it applied to orders not yet paid go back to it at once (their promo codes stay), so those orders cost their full amount again and their pending payments are cancelled. Unblocking applies nothing again.', request: o.cardBlockInputSchema.extend({ lang: langSchema.optional() }), params: byId, response: ok, permission: 'settings.manage' }),
  eventImage: call({ method: 'POST', path: '/api/admin/events/:id/image', summary: "Upload an event's image: resized on the server to WebP and served with long caching", description: 'JPEG, PNG, WebP or GIF as base64; at most 15 MB before resizing. The image is scaled to fit the poster size (never enlarged) and stored under a name made of its content hash, so it may be cached for good.', request: o.imageUploadSchema, params: byId, response: o.imageUploadResponseSchema, permission: W, bodyLimit: o.IMAGE_BODY_LIMIT, uploadLimit: o.MAX_IMAGE_BYTES }),
  setupLogo: call({ method: 'POST', path: '/api/admin/setup/logo', summary: "Upload a shop logo: resized on the server to WebP and set as the chosen logo field of the setup", description: 'JPEG, PNG, WebP or GIF as base64; at most 15 MB before resizing. Scaled to fit the logo box (never enlarged), stored under its content hash (cached for good); the setup field `slot` then holds its URL. Answers the setup\'s new version (the upload counts as a change of the setup).', request: o.logoUploadSchema.extend({ lang: langSchema.optional() }), response: o.logoUploadResponseSchema, permission: 'settings.manage', bodyLimit: o.IMAGE_BODY_LIMIT, uploadLimit: o.MAX_IMAGE_BYTES }),
  setup: call({ method: 'GET', path: '/api/admin/setup', summary: "The shop's shell as stored: logos, colours, header, footer, contacts, titles", description: 'With the setup\'s `version`, for the save (setupUpdate) to send back.', request: noQuery, response: o.setupResponseSchema, permission: 'catalogue.read' }),
  setupUpdate: call({ method: 'POST', path: '/api/admin/setup', summary: "Change the shop's shell; GET /api/setup answers it at once", description: 'Send the `version` the setup was loaded with (GET /api/admin/setup answers it): a save another one or a logo upload has overtaken is refused (409, with `stale: true`), and so is one without it (an out-of-date console page: 409 `stale: true`, asking to reload the page); a malformed one is bad input (400). Answers the new version.', request: o.setupInputSchema.extend({ lang: langSchema.optional() }), response: o.setupSavedSchema, permission: 'settings.manage' }),
}
