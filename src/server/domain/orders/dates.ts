import { LANGS, type Lang } from '../../../contract/lang'

/** ICU locale of each interface language (ch is Traditional Chinese, 001 "Languages"). */
const LOCALE: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB', kz: 'kk-KZ', ch: 'zh-Hant' }

const dayFormat = new Map(LANGS.map((l) => [l, new Intl.DateTimeFormat(LOCALE[l], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })]))
const weekdayFormat = new Map(LANGS.map((l) => [l, new Intl.DateTimeFormat(LOCALE[l], { weekday: 'long', timeZone: 'UTC' })]))

/**
 * day_str_{lang} and dayofweek_{lang} of a venue-local 'YYYY-MM-DD' (the day is a calendar date,
 * so it is formatted as UTC midnight: no time zone can move it to another day).
 */
export function dayTexts(day: string): Record<`day_str_${Lang}` | `dayofweek_${Lang}`, string> {
  const date = new Date(`${day}T00:00:00Z`)
  const out: Record<string, string> = {}
  for (const l of LANGS) {
    out[`day_str_${l}`] = dayFormat.get(l)!.format(date)
    out[`dayofweek_${l}`] = weekdayFormat.get(l)!.format(date)
  }
  return out as Record<`day_str_${Lang}` | `dayofweek_${Lang}`, string>
}
