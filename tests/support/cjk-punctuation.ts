/**
 * Latin punctuation inside Chinese text: an ASCII comma, colon or semicolon after a Chinese
 * character (or a {{placeholder}}, which holds Chinese on a Chinese page) and before a space, a
 * Chinese character or a placeholder; or before a Chinese character; or ASCII parentheses next to
 * one. Chinese takes full-width '，', '：', '；', '（）' there. Left alone: times and numbers
 * (12:30, 1,800.00: digits on both sides), URLs (https://), Latin text (INN: 770), '+7 (495)'.
 */
const CJK = '[\\u3400-\\u9fff\\u3000-\\u303f\\uff00-\\uffef]'
const LATIN_IN_CJK = new RegExp(
  [
    `(?:${CJK}|\\}\\})\\s*[,:;](?=\\s|${CJK}|\\{\\{)`,
    `[,:;]\\s*${CJK}`,
    `${CJK}\\s*[()]`,
    `[()]\\s*${CJK}`,
  ].join('|'),
)

/** The texts (with their keys or places) that have Latin punctuation inside Chinese. */
export function latinPunctuationInChinese(texts: readonly (readonly [string, string])[]): string[] {
  return texts.filter(([, text]) => LATIN_IN_CJK.test(text)).map(([where, text]) => `${where}: ${text}`)
}

/** Every string of a nested texts object, with its dotted key. */
export function stringsOf(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([k, v]) => stringsOf(v, key === '' ? k : `${key}.${k}`))
}
