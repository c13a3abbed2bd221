import type { CrmClient } from '../../../contract/entities/crm'
import type { Setup } from '../../../contract/entities/setup'
import type { Db } from '../../db/connect'
import { SETUP_DEFAULTS, type StoredSetup } from './defaults'
import { BONUS_ACCRUAL_PERCENT } from '../../../contract/rules/money'
import { shopCurrency } from '../../../contract/rules/moneyText'
import { readLanguages, readRules, readSetting, readSettings } from './repository'
import { setupPlainTexts } from '../../../contract/rules/setupTexts'
import { venueDateTime, venueTimeZone } from '../../venue-time'

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Stored settings over the defaults; object values merge one level deep. The currency is read
 * here, once, as the shop sells in it (shopCurrency: a code we write amounts in, else the
 * default), so the setup answer, the e-mails, the bank and the returns pages name the same one
 * even when the stored value predates the console's check (SQL, an older import).
 */
export async function loadStoredSetup(db: Db): Promise<StoredSetup> {
  const stored = await readSettings(db)
  const out: Record<string, unknown> = { ...SETUP_DEFAULTS }
  for (const [key, value] of stored) {
    const base = out[key]
    out[key] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value
  }
  const setup = out as StoredSetup
  return isPlainObject(setup.app) ? { ...setup, app: { ...setup.app, currency: shopCurrency(setup.app.currency) } } : setup
}

/** The GET /api/setup answer for a visitor with the given CRM client (anonymous: data null). */
export async function buildSetup(db: Db, crmClient: CrmClient, now = Date.now()): Promise<Setup> {
  const [stored, languages, rules] = await Promise.all([loadStoredSetup(db), readLanguages(db), readRules(db)])
  return {
    ...stored,
    db: {
      ...stored.db,
      // Each of the spec's one texts (info_client, info_contact…) follows the console's
      // translation into the storefront's language (rules/setupTexts.ts).
      ...setupPlainTexts(stored.db, stored.app.language),
      languages: languages.join(','),
      rules: rules.map((r) => ({
        id: r.id,
        infname_ru: r.infname_ru,
        infname_en: r.infname_en,
        infname_kz: r.infname_kz,
        infname_ch: r.infname_ch,
        url_ru: r.url_ru,
        url_en: r.url_en,
        url_kz: r.url_kz,
        url_ch: r.url_ch,
        filebody_ru: r.filebody_ru,
        filebody_en: r.filebody_en,
        filebody_kz: r.filebody_kz,
        filebody_ch: r.filebody_ch,
      })),
    },
    crm_client: crmClient,
    date: venueDateTime(now),
    time_zone: venueTimeZone(),
  }
}

/** Settings key of the loyalty programme ({accrual_percent}), written by the console. */
export const LOYALTY_SETTINGS_KEY = 'loyalty'

/** Percent of the amount paid a paid order earns as bonuses: the console's setting, else the built-in default. */
export async function loyaltyAccrualPercent(db: Db): Promise<number> {
  const stored = await readSetting(db, LOYALTY_SETTINGS_KEY)
  const percent = isPlainObject(stored) ? stored.accrual_percent : undefined
  return typeof percent === 'number' && Number.isInteger(percent) && percent >= 0 ? percent : BONUS_ACCRUAL_PERCENT
}
