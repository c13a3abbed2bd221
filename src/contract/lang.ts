import { z } from 'zod'

import { DEFAULT_LANG, FALLBACK_LANG, LANGS, isLang, type Lang } from './langCodes'

export { DEFAULT_LANG, FALLBACK_LANG, LANGS, LANG_PARAM, isLang, setLangParam, type Lang } from './langCodes'

export const langSchema = z.enum(LANGS)

/** `lang` as requests carry it: optional, the default language when absent. */
export const requestLangSchema = langSchema.default(DEFAULT_LANG)

export type LocalizedShape<K extends string> = { [L in Lang as `${K}_${L}`]: z.ZodString }
export type Localized<K extends string> = { [L in Lang as `${K}_${L}`]: string }

/**
 * The shape of a localized text field: `localized('action')` →
 * `{action_ru, action_en, action_kz, action_ch}`, each z.string().
 *
 * Decision: every language key is always present and a missing translation is sent as ''
 * (never null, never absent). That keeps the JSON schema simple and lets `pickLocalized` do
 * the fallback in one place (wanted language → en → ru → first non-empty).
 */
export function localized<K extends string>(key: K): LocalizedShape<K> {
  const shape: Record<string, z.ZodString> = {}
  for (const lang of LANGS) shape[`${key}_${lang}`] = z.string()
  return shape as LocalizedShape<K>
}

/** Several localized fields at once: `localizedMany('name', 'descript')`. */
export function localizedMany<K extends string>(...keys: K[]): LocalizedShape<K> {
  return Object.assign({}, ...keys.map((k) => localized(k))) as LocalizedShape<K>
}

/** Builds the value of a localized field with the same text in every language. */
export function sameInAll<K extends string>(key: K, text: string): Localized<K> {
  const out: Record<string, string> = {}
  for (const lang of LANGS) out[`${key}_${lang}`] = text
  return out as Localized<K>
}

/**
 * Reads `obj[key_lang]`, falling back to en, then ru, then any non-empty language, then ''.
 */
export function pickLocalized(obj: object, key: string, lang: Lang): string {
  const rec = obj as Record<string, unknown>
  const order: Lang[] = [lang, FALLBACK_LANG, DEFAULT_LANG, ...LANGS]
  for (const l of order) {
    const v = rec[`${key}_${l}`]
    if (typeof v === 'string' && v !== '') return v
  }
  return ''
}

/** Languages listed in setup's comma list (`db.languages`, e.g. "ru,en"), known ones only. */
export function parseLanguageList(list: string): Lang[] {
  const out: Lang[] = []
  for (const part of list.split(',')) {
    const l = part.trim().toLowerCase()
    if (isLang(l) && !out.includes(l)) out.push(l)
  }
  return out.length > 0 ? out : [DEFAULT_LANG]
}
