import type { Def, Flag, Id, Loc } from './columns'

/** Visitors: their sessions, CRM clients and subscriptions, captchas, and the reference lists of the named-ticket form. */

export interface CrmClientsTable {
  id: Id
  first_name: Def<string>
  last_name: Def<string>
  middle_name: Def<string>
  phone: Def<string>
  email: Def<string>
  type_id: Def<number>
  type_name: Def<string>
  card_code: Def<string>
  created_at: number
}
export interface CrmSubscriptionsTable {
  id: Id
  crm_client_id: number
  event_id: number
  quant: Def<number>
  main_menu_id: number | null
  valid_to: number | null
}
export interface SessionsTable {
  id: string
  csrf_token: string
  lang: Def<string>
  crm_client_id: number | null
  created_at: number
  last_seen_at: number
  expires_at: number
}
export type CountriesTable = { id: Id; iso: string; sortnum: Def<number> } & Loc<'name'>
export type RegionsTable = { id: Id; country_id: number; sortnum: Def<number> } & Loc<'name'>
export type DocumentTypesTable = { id: Id; country_id: number | null; sortnum: Def<number> } & Loc<'name'> & Loc<'note'>
export type CheckboxListsTable = { id: Id; scope: string; filling: Flag; sortnum: Def<number> } & Loc<'name'>
export interface CaptchasTable { sid: string; answer: string; attempts: Def<number>; created_at: number; expires_at: number; solved_at: number | null }
