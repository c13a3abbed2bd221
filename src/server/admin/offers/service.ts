import type { z } from 'zod'
import type { agreementInputSchema, compositionInputSchema, LoyaltyCard, loyaltyInputSchema, offerInputSchema, promoInputSchema, setupInputSchema, setupResponseSchema } from '../../../contract/admin/offers'
import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import { SETUP_TEXT_KEYS, setupPlainTexts, setupTextTranslations, type SetupTextFields, type SetupTextKey } from '../../../contract/rules/setupTexts'
import type { Db } from '../../db/connect'
import { bumpSetupVersion, readSetting, readSetupVersion, writeSettings } from '../../domain/settings/repository'
import { loadStoredSetup, loyaltyAccrualPercent, LOYALTY_SETTINGS_KEY } from '../../domain/settings/service'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import { blockCard, unblockCard } from '../../domain/loyalty/service'
import { findCardByCode, unpaidOrdersHoldingCardBonuses } from '../../domain/loyalty/loyalty.repository'
import { deleteRow, findRow, insertRow, mustExist, mustFind, updateRow } from '../catalogue/rows.repository'
import type { Actor } from '../context'
import { eventKind, listAgreements, listCompositions, listOffers, listPromos, listSubscriptions, promoIdByCode } from './offers.repository'
import { tx } from '../transaction'

type Out<S extends z.ZodType> = Omit<z.output<S>, 'lang'>
const without = <T extends object>(input: T): Omit<T, 'lang'> => {
  const { lang: _lang, ...rest } = input as T & { lang?: unknown }
  return rest
}

/** Everything the extras screens list. */
export async function extras(db: Db) {
  const [subscriptions, compositions, offers, promos, agreements, accrual_percent] = await Promise.all([listSubscriptions(db), listCompositions(db), listOffers(db), listPromos(db), listAgreements(db), loyaltyAccrualPercent(db)])
  return { subscriptions, compositions, offers, promos, agreements, loyalty: { accrual_percent } }
}

// ---- Compositions of subscriptions ----

async function checkComposition(db: Db, input: Out<typeof compositionInputSchema>): Promise<void> {
  if (input.event_id !== null) await mustExist(db, 'events', [input.event_id], 'event_id')
  if (input.venue_id !== null) await mustExist(db, 'venues', [input.venue_id], 'venue_id')
}

/** A composition line of subscription `subscriptionId` (an event of the subscriptions kind). */
export function createComposition(db: Db, actor: Actor, subscriptionId: number, input: Out<typeof compositionInputSchema>): Promise<number> {
  return tx(db, actor, async (trx) => {
    const kind = await eventKind(trx, subscriptionId)
    if (kind === undefined) throw new ApiFailure('admin-not-found', { what: 'event', id: subscriptionId })
    if (kind !== KIND_SUBSCRIPTIONS) throw new ApiFailure('admin-not-subscription', { id: subscriptionId })
    await checkComposition(trx, input)
    return insertRow(trx, actor, 'compositions', 'composition', { ...without(input), subscription_event_id: subscriptionId })
  })
}

export function updateComposition(db: Db, actor: Actor, id: number, input: Out<typeof compositionInputSchema>): Promise<void> {
  return tx(db, actor, async (trx) => {
    await mustFind(trx, 'compositions', id, 'composition')
    await checkComposition(trx, input)
    await updateRow(trx, actor, 'compositions', 'composition', id, without(input))
  })
}

export function deleteComposition(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, (trx) => deleteRow(trx, actor, 'compositions', 'composition', id))
}

// ---- Special offers (services) ----

async function checkOffer(db: Db, input: Out<typeof offerInputSchema>): Promise<void> {
  if (input.event_id !== null) await mustExist(db, 'events', [input.event_id], 'event_id')
}

export function createOffer(db: Db, actor: Actor, input: Out<typeof offerInputSchema>): Promise<number> {
  return tx(db, actor, async (trx) => {
    await checkOffer(trx, input)
    return insertRow(trx, actor, 'services', 'offer', without(input))
  })
}

export function updateOffer(db: Db, actor: Actor, id: number, input: Out<typeof offerInputSchema>): Promise<void> {
  return tx(db, actor, async (trx) => {
    await mustFind(trx, 'services', id, 'offer')
    await checkOffer(trx, input)
    await updateRow(trx, actor, 'services', 'offer', id, without(input))
  })
}

/** A copy starts inactive, so two identical offers never show at once by accident. */
export function copyOffer(db: Db, actor: Actor, id: number): Promise<number> {
  return tx(db, actor, async (trx) => {
    const { id: _id, ...columns } = await mustFind(trx, 'services', id, 'offer')
    return insertRow(trx, actor, 'services', 'offer', { ...columns, active: 0 })
  })
}

/** Orders that took the offer keep it (order_services rows stay); the order page no longer offers it. */
export function archiveOffer(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, (trx) => updateRow(trx, actor, 'services', 'offer', id, { active: 0 }, 'archive'))
}

// ---- Promo codes ----

async function checkCode(db: Db, code: string, id?: number): Promise<void> {
  const taken = await promoIdByCode(db, code)
  if (taken !== undefined && taken !== id) throw new ApiFailure('admin-code-taken', { code })
}

/** Unique-index refusals of PostgreSQL (23505) and SQLite: two operators saving one code at once. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/**
 * checkCode answers the usual case in the operator's words; the unique index decides a race
 * (the loser's transaction rolls back), which answers the same refusal instead of a 500.
 */
async function oneCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiFailure('admin-code-taken', { code })
    throw err
  }
}

export function createPromo(db: Db, actor: Actor, input: Out<typeof promoInputSchema>): Promise<number> {
  return oneCode(input.code, () =>
    tx(db, actor, async (trx) => {
      await checkCode(trx, input.code)
      return insertRow(trx, actor, 'promo_codes', 'promo', { ...without(input), used_count: 0 })
    }),
  )
}

/** Edits everything but the uses so far (used_count belongs to the shop's orders). */
export function updatePromo(db: Db, actor: Actor, id: number, input: Out<typeof promoInputSchema>): Promise<void> {
  return oneCode(input.code, () =>
    tx(db, actor, async (trx) => {
      await mustFind(trx, 'promo_codes', id, 'promo')
      await checkCode(trx, input.code, id)
      await updateRow(trx, actor, 'promo_codes', 'promo', id, without(input))
    }),
  )
}

export function copyPromo(db: Db, actor: Actor, id: number, code: string): Promise<number> {
  return oneCode(code, () =>
    tx(db, actor, async (trx) => {
      const { id: _id, ...columns } = await mustFind(trx, 'promo_codes', id, 'promo')
      await checkCode(trx, code)
      return insertRow(trx, actor, 'promo_codes', 'promo', { ...columns, code, used_count: 0 })
    }),
  )
}

export function archivePromo(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, (trx) => updateRow(trx, actor, 'promo_codes', 'promo', id, { active: 0 }, 'archive'))
}

// ---- Agreement checkboxes ----

export function createAgreement(db: Db, actor: Actor, input: Out<typeof agreementInputSchema>): Promise<number> {
  return tx(db, actor, (trx) => insertRow(trx, actor, 'checkbox_lists', 'agreement', without(input)))
}

export function updateAgreement(db: Db, actor: Actor, id: number, input: Out<typeof agreementInputSchema>): Promise<void> {
  return tx(db, actor, (trx) => updateRow(trx, actor, 'checkbox_lists', 'agreement', id, without(input)))
}

export function deleteAgreement(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, (trx) => deleteRow(trx, actor, 'checkbox_lists', 'agreement', id))
}

// ---- Loyalty and the shop's setup (settings rows) ----

export function updateLoyalty(db: Db, actor: Actor, input: z.output<typeof loyaltyInputSchema>): Promise<void> {
  return tx(db, actor, async (trx) => {
    const before = await readSetting(trx, LOYALTY_SETTINGS_KEY)
    const after = { accrual_percent: input.accrual_percent }
    await writeSettings(trx, { [LOYALTY_SETTINGS_KEY]: after })
    await writeAudit(trx, actor, { action: 'update', entity: 'loyalty', entityId: LOYALTY_SETTINGS_KEY, before: before ?? null, after })
  })
}

/**
 * GET /api/admin/loyalty/cards?code=: the card an operator names by its code, with the unpaid
 * orders holding its bonuses (the ones a block gives back: blockCard releases exactly these).
 */
export async function findLoyaltyCard(db: Db, code: string): Promise<LoyaltyCard> {
  const card = await findCardByCode(db, code)
  if (!card) throw new ApiFailure('admin-not-found', { what: 'card', id: code })
  const names = [card.last_name, card.first_name, card.middle_name].filter((n): n is string => typeof n === 'string' && n.trim() !== '')
  const holding = await unpaidOrdersHoldingCardBonuses(db, card.id)
  return { id: card.id, card_code: card.card_code, bonus_balance: Number(card.bonus_balance), is_blocked: card.is_blocked === 1 ? 1 : 0, client: card.client_id === null ? null : names.join(' '), unpaid_orders: holding.length }
}

/**
 * Blocks or unblocks a loyalty card, with its audit row (before and after, and the orders whose
 * bonuses went back): loyalty/service.ts blockCard is the rule of what a block gives back.
 */
export function blockLoyaltyCard(db: Db, actor: Actor, id: number, blocked: boolean): Promise<void> {
  return tx(db, actor, async (trx) => {
    const before = await mustFind(trx, 'loyalty_cards', id, 'card')
    const released = blocked ? await blockCard(trx, id, Date.now()) : (await unblockCard(trx, id), [])
    await writeAudit(trx, actor, { action: blocked ? 'block-card' : 'unblock-card', entity: 'card', entityId: id, before, after: { ...(await findRow(trx, 'loyalty_cards', id)), released_orders: released } })
  })
}

type SetupOut = Out<typeof setupInputSchema>
type Shell = Omit<SetupOut, 'version'>
type SetupForm = Out<typeof setupResponseSchema>
const TITLE_KEYS = ['title_ru', 'title_en', 'title_kz', 'title_ch'] as const

/**
 * GET /api/admin/setup: the stored shell with its version, the version read first. A write that
 * lands between the two reads then leaves the form with the new fields under the old version, and
 * its save is refused as stale (the operator reloads); read the other way round, the form would
 * hold the old fields under the new version, and its save would put them back over that write.
 */
export async function setupForm(db: Db): Promise<SetupForm> {
  const version = await readSetupVersion(db)
  return { ...(await storedShell(db)), version }
}

/** The stored shell as the console edits it (the setup form's fields only). */
export async function storedShell(db: Db): Promise<Shell> {
  const s = await loadStoredSetup(db)
  const { app, db: d } = s
  return {
    app: {
      logo: app.logo,
      logo_mobile: app.logo_mobile,
      logo_ru: app.logo_ru,
      logo_en: app.logo_en,
      logo_kz: app.logo_kz,
      logo_ch: app.logo_ch,
      logo_width: app.logo_width,
      url_logo: app.url_logo,
      url_lk: app.url_lk,
      header: app.header as 0 | 1,
      footer: app.footer as 0 | 1,
      scroll_top: app.scroll_top as 0 | 1,
      header_background: app.header_background,
      footer_links: app.footer_links,
      footer_text_ru: app.footer_text_ru,
      footer_text_en: app.footer_text_en,
      footer_text_kz: app.footer_text_kz,
      footer_text_ch: app.footer_text_ch,
      footer_db_info: app.footer_db_info as 0 | 1,
      currency: app.currency,
      order_return: app.order_return as 0 | 1,
    },
    db: {
      // Each venue-written text per language; a setup saved before the translations shows its
      // one text in the storefront's language's field.
      ...setupPlainTexts(d, app.language),
      ...setupTextTranslations(d, 'info_client', app.language),
      ...setupTextTranslations(d, 'info_contact', app.language),
      ...setupTextTranslations(d, 'returntoafishaname', app.language),
      ...setupTextTranslations(d, 'topingbuttonname', app.language),
      ...setupTextTranslations(d, 'topingname', app.language),
      returntoafishabutton: d.returntoafishabutton as 0 | 1,
      showproculture: d.showproculture as 0 | 1,
    },
    title_ru: s.title_ru,
    title_en: s.title_en,
    title_kz: s.title_kz,
    title_ch: s.title_ch,
  }
}

/** The input's venue-written texts with their plain fields blanked: only the translations count. */
function translationsOnly(d: object): SetupTextFields<SetupTextKey> {
  const out: Record<string, unknown> = { ...d }
  for (const key of SETUP_TEXT_KEYS) out[key] = ''
  return out as SetupTextFields<SetupTextKey>
}

const asObject = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

/**
 * Writes the shell over what is stored: keys of `app` and `db` the form does not edit (language,
 * currency, order_return…) keep their stored values. Answers the setup's new version. A form
 * loaded before another save or a logo upload (its `version` no longer the stored one) is refused
 * (admin-setup-changed) and changes nothing: it sends every field, so it would put back the ones
 * the other operator changed.
 */
export function updateShell(db: Db, actor: Actor, input: SetupOut): Promise<number> {
  return tx(db, actor, async (trx) => {
    // A console page from before the setup's versions sends none: its fields may be just as old
    // (loaded before another operator's save), so it is refused too, saying to reload the page.
    if (input.version === undefined) throw new ApiFailure('admin-setup-outdated-console', {}, { stale: true })
    // The check and the count in one statement, first: it locks the setup's version row until the
    // commit, so another save from the same version waits and is then refused.
    const version = await bumpSetupVersion(trx, input.version)
    // `stale` tells the console this refusal apart from the others (it offers to load the saved setup).
    if (version === null) throw new ApiFailure('admin-setup-changed', {}, { stale: true })
    const before = await storedShell(trx)
    const shopLang = (await loadStoredSetup(trx)).app.language
    const values: Record<string, unknown> = {
      app: { ...asObject(await readSetting(trx, 'app')), ...input.app },
      // Each of the spec's one texts (info_client, info_contact…) follows the translation into
      // the storefront's language; a plain text sent alone is not read (the form sends none).
      db: { ...asObject(await readSetting(trx, 'db')), ...input.db, ...setupPlainTexts(translationsOnly(input.db), shopLang) },
    }
    for (const k of TITLE_KEYS) values[k] = input[k]
    await writeSettings(trx, values)
    await writeAudit(trx, actor, { action: 'update', entity: 'setup', entityId: 'shop', before, after: await storedShell(trx) })
    return version
  })
}
