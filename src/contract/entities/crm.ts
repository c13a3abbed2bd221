import { z } from 'zod'
import { idSchema, countSchema, hashSchema } from './common'

/**
 * The identified client from the account system (CRM), as setup and /api/crm/client-info carry
 * it (000 §3 "crm_client (data and subscriptions)", 001 §3 "crm_client (data.email,
 * subscriptions)"). Field names of the prefill data follow the spec: first_name, last_name,
 * middle_name, phone, email; the profile fields sent with orders follow "Client profile":
 * id, typeId, typeName, cardCode.
 */
export const crmClientDataSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  typeName: z.string(),
  cardCode: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string(),
  phone: z.string(),
  email: z.string(),
})
export type CrmClientData = z.infer<typeof crmClientDataSchema>

/**
 * A client subscription (000 §3): the event hash it covers, how many tickets remain (quant),
 * and the menu ids it belongs to (mainmenu_id, menukind_id).
 */
export const crmSubscriptionSchema = z.object({
  subscrit_id: idSchema,
  hash_id: hashSchema,
  quant: countSchema,
  mainmenu_id: z.number().int(),
  menukind_id: z.number().int(),
})
export type CrmSubscription = z.infer<typeof crmSubscriptionSchema>

/** `crm_client`: data is null for an anonymous visitor; subscriptions then is empty. */
export const crmClientSchema = z.object({
  data: crmClientDataSchema.nullable(),
  subscriptions: z.array(crmSubscriptionSchema),
})
export type CrmClient = z.infer<typeof crmClientSchema>

/**
 * POST /api/crm/client-info request (our design): `token` is the signed CRM sign-in token from
 * the URL query `crm`. The server verifies it (HMAC with expiry) and keeps the client in the
 * session; with no token it answers the session's current client.
 */
export const crmClientInfoRequestSchema = z.object({
  token: z.string().min(1).max(4096).optional(),
})

/** Answer of /api/crm/client-info (our design): the session's client, or null when none. */
export const crmClientInfoResponseSchema = z.object({
  crm_client: crmClientSchema.nullable(),
})

/** POST /api/crm/logout (our design): forgets the session's client; answers `{crm_client: null}`. */
export const crmLogoutResponseSchema = z.object({
  crm_client: z.null(),
})
