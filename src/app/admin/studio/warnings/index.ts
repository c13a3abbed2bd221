import type { VenueWarningView } from '../../../../contract/admin/venueWarnings'
import type { Lang } from '../../../../contract/lang'
import { VENUE_WARNING_CODES, type VenueWarningCode, type VenueWarningParams } from '../../../../engine/parse/warnings'
import { ACCESS_TEXTS } from '../../../i18n/locales/access'
import { plural } from '../../../i18n/plural'
import { CH_WARNINGS } from './ch'
import { EN_WARNINGS } from './en'
import { KZ_WARNINGS } from './kz'
import { RU_WARNINGS } from './ru'
import type { Count, SeatTypeNames, WarningWording } from './wording'
import { aside } from '../../../i18n/punctuation'

/**
 * A drawing's import warnings in the console's language: the engine's codes and params (the one
 * list: engine/parse/warnings.ts) worded per language, each count with its plural form.
 */
export const WARNING_WORDING: Record<Lang, WarningWording> = { ru: RU_WARNINGS, en: EN_WARNINGS, kz: KZ_WARNINGS, ch: CH_WARNINGS }

const isCode = (code: string): code is VenueWarningCode => (VENUE_WARNING_CODES as readonly string[]).includes(code)

/** The storefront legend's names of the seat types (i18n/locales/access.ts), which the warnings count. */
const seatTypeNames = (lang: Lang) => (ACCESS_TEXTS[lang] as { access: { types: SeatTypeNames } }).access.types

/**
 * One warning as the studio shows it, in `lang`. A code this console does not know (a newer
 * server's) is shown in the English the API sends beside it.
 */
export function wordWarning(w: Pick<VenueWarningView, 'code' | 'params' | 'text'> & { times?: number }, lang: Lang): string {
  if (!isCode(w.code)) return w.text
  const wording = WARNING_WORDING[lang]
  const n: Count = (k, forms) => plural(lang, k, forms)
  const say = wording[w.code] as (p: VenueWarningParams[VenueWarningCode], n: Count, types: SeatTypeNames) => string
  const text = say(w.params as VenueWarningParams[VenueWarningCode], n, seatTypeNames(lang))
  return w.times !== undefined && w.times > 1 ? `${text}${aside(lang, wording.times(w.times, n))}` : text
}
