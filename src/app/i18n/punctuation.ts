import type { Lang } from '../../contract/lang'

/**
 * The separators the storefront puts between parts it composes itself (a label and its value, a
 * venue and its address, a date and its times), read from the page's language: ': ' and ', ' in
 * ru, en and kz, full-width '：' and '，' in Chinese, whose sentences never take Latin
 * punctuation. Texts that are whole sentences carry their own punctuation in the locale files;
 * these are for the joins the code makes.
 */
type Translate = (key: 'punct.colon' | 'punct.comma') => string

/**
 * The same separators for the console and the door app, which read their words from their own
 * tables by `lang` rather than through i18next; kept equal to the locales' `punct` by the unit
 * test chinese-punctuation.
 */
const SEPARATORS: Record<Lang, { colon: string; comma: string }> = {
  ru: { colon: ': ', comma: ', ' },
  en: { colon: ': ', comma: ', ' },
  kz: { colon: ': ', comma: ', ' },
  ch: { colon: '：', comma: '，' },
}

/** A translate for joinParts and labelled where the page has a language but no i18next. */
export function separatorsOf(lang: Lang): Translate {
  return (key) => (key === 'punct.colon' ? SEPARATORS[lang].colon : SEPARATORS[lang].comma)
}

/** A text in brackets in the page's language: "(место 12)", "（座位 12）". */
export function bracketed(lang: Lang, text: string): string {
  return lang === 'ch' ? `（${text}）` : `(${text})`
}

/**
 * A note after a text, in brackets in the page's language: `${label}${aside(lang, 'ru')}` reads
 * "Имя (ru)" and "名稱（ru）". Latin brackets take a space before them, full-width ones none (their
 * own width is the gap).
 */
export function aside(lang: Lang, note: string): string {
  return lang === 'ch' ? bracketed(lang, note) : ` ${bracketed(lang, note)}`
}

/** The brackets of `aside`, for a note that holds markup (a link): [' (', ')'], ['（', '）']. */
export function asideMarks(lang: Lang): readonly [string, string] {
  return lang === 'ch' ? ['（', '）'] : [' (', ')']
}

/** The non-empty parts joined as one line in the page's language. */
export function joinParts(t: Translate, parts: readonly string[]): string {
  return parts.filter((p) => p !== '').join(t('punct.comma'))
}

/** A label and its value in the page's language: "Цены: 800 ₽", "票價：₽800.00". */
export function labelled(t: Translate, label: string, value: string): string {
  return `${label}${t('punct.colon')}${value}`
}
