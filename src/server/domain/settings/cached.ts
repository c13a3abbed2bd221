import type { PaymentFlags } from '../../../contract/rules/payment'
import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import type { StoredSetup } from './defaults'
import { loadStoredSetup } from './service'

/**
 * How late the order guard may see another process's edit of the settings (issue 18: it read the
 * whole settings table on every order, for the captcha switch alone). Settings are the
 * operator's, never changed in a rush; this process's edits are seen at once (write-watch.ts
 * watches the table, the console's calls clear the cache). Use it for switches like the
 * captcha's, not for what fixes money or a right (returns and the order page read them fresh).
 */
export const SETTINGS_CACHE_TTL_MS = 1000

const cache = new ProcessCache<0, StoredSetup>(SETTINGS_CACHE_TTL_MS, 1)

/**
 * The stored settings over the defaults, at most SETTINGS_CACHE_TTL_MS old. Shared between
 * requests: read them, never change them. `now` is the wall clock but for tests.
 */
export function storedSetupCached(db: Db, now = Date.now()): Promise<StoredSetup> {
  return cache.get(db, 0, () => loadStoredSetup(db), now)
}

/**
 * The currency the shop sells in, as GET /api/setup answers it: what the e-mails and the sandbox
 * bank write amounts in, so they say what the storefront says. Cached like the captcha's switch:
 * a payment burst's e-mails do not each read the settings, and an operator's change is seen
 * within SETTINGS_CACHE_TTL_MS.
 */
export async function storedCurrency(db: Db, now = Date.now()): Promise<string> {
  return (await storedSetupCached(db, now)).app.currency
}

/**
 * Setup's db.showproculture where it can change an order's payment methods (paymentMethods): only
 * an event that takes the gift card (usepushkarta = 1) asks whether the shop offers it, so the
 * cart, best-seats and order calls of every other event skip the settings lookup. The 0 given
 * elsewhere decides nothing: the gift card is already off for such an event.
 */
export async function showprocultureFor(db: Db, event: PaymentFlags, now = Date.now()): Promise<number> {
  return event.usepushkarta === 1 ? (await storedSetupCached(db, now)).db.showproculture : 0
}
