import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../../contract/lang'
import { ADMIN_TEXTS } from './admin'
import { PHRASES, REASONS, type Phrase, type Reason, type Texts } from './reasons'
import { ch } from './texts.ch'
import { en } from './texts.en'
import { kz } from './texts.kz'
import { ru } from './texts.ru'

/**
 * The server's one catalogue of visitor-facing texts (issue 13.5): every refusal by reason
 * (reasons.ts: code and HTTP status) and the notes of successful answers, in ru (default), en,
 * kz and ch. Answers speak the request's `lang`; the log keeps the English text and the
 * parameters. A parameter is a value or, for parts that are words themselves (a place, field
 * names), a text per language built with `localize`.
 */
export { PHRASES, REASONS, type Phrase, type Reason }

const TEXTS: Record<Lang, Texts & (typeof ADMIN_TEXTS)[Lang]> = {
  ru: { ...ru, ...ADMIN_TEXTS.ru },
  en: { ...en, ...ADMIN_TEXTS.en },
  kz: { ...kz, ...ADMIN_TEXTS.kz },
  ch: { ...ch, ...ADMIN_TEXTS.ch },
}

/** A text per language. */
export type LocalizedText = Readonly<Record<Lang, string>>
export type MessageParam = string | number | LocalizedText
export type MessageParams = Readonly<Record<string, MessageParam>>

function paramIn(value: MessageParam, lang: Lang): string {
  return typeof value === 'object' ? value[lang] : String(value)
}

/** The text of a reason or phrase in `lang`, its {placeholders} filled. */
export function messageText(key: Reason | Phrase, lang: Lang, params: MessageParams = {}): string {
  return TEXTS[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? paramIn(params[name], lang) : m))
}

/** A phrase in every language (for parameters that are words). */
export function localize(key: Phrase, params: MessageParams = {}): LocalizedText {
  return Object.fromEntries(LANGS.map((l) => [l, messageText(key, l, params)])) as Record<Lang, string>
}

/** Several localized (or plain) parts joined per language. */
export function joinLocalized(parts: readonly MessageParam[], separator = ', '): LocalizedText {
  return Object.fromEntries(LANGS.map((l) => [l, parts.map((p) => paramIn(p, l)).join(separator)])) as Record<Lang, string>
}

/** The field names of buyer and visitor forms, per language ('fio' → ФИО); unknown fields keep their name. */
export function fieldNames(fields: readonly string[]): LocalizedText {
  return joinLocalized(fields.map((f) => (`field.${f}` in en ? localize(`field.${f}` as Phrase) : f)))
}

/** The `lang` a request asked for (body or query), or the default language. */
export function langOf(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG
}
