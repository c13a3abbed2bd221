import type { VenueWarningCode, VenueWarningParams } from '../../../../engine/parse/warnings'
import type { PluralForms } from '../../../i18n/plural'
import { labelled, separatorsOf } from '../../../i18n/punctuation'
import type { Lang } from '../../../../contract/lang'

/** A count in words: `n(5, forms)` is the form of `forms` for 5 in the wording's language, `{n}` filled in. */
export type Count = (n: number, forms: PluralForms) => string

/** Seat types' names, by the engine's names (SEAT_ACCESS_NAMES), from the storefront's legend. */
export type SeatTypeNames = Record<'wheelchair' | 'companion' | 'transfer' | 'restricted' | 'signlang', string>

/** One language's words for every warning code: a missing code fails the type check. */
export type WarningWording = {
  [C in VenueWarningCode]: (p: VenueWarningParams[C], n: Count, types: SeatTypeNames) => string
} & {
  /** Said after a warning the drawing gave `times` times (the first is shown, the rest counted). */
  times: (times: number, n: Count) => string
  /** A count of seats ("{n} мест"), also for the studio's own note on unnamed sectors (unnamedSectors.ts). */
  seats: PluralForms
}

export const SEAT_TYPE_ORDER = ['wheelchair', 'companion', 'transfer', 'restricted', 'signlang'] as const

/** "Wheelchair space: 2, Companion seat: 3" ("輪椅位：2、陪同座位：3"): the types a warning counts, in the legend's order. */
export function typeList(p: VenueWarningParams['seats-typed'], types: SeatTypeNames, lang: Lang, separator: string): string {
  return SEAT_TYPE_ORDER.filter((t) => (p[t] ?? 0) > 0).map((t) => labelled(separatorsOf(lang), types[t], String(p[t]))).join(separator)
}
