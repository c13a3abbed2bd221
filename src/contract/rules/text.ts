/**
 * Text normalisers shared by the buyer and named-ticket rules (both §5).
 */

/** ё → е and Ё → Е (the spec's "the letter yo is normalised"). */
export function normalizeYo(s: string): string {
  return s.replace(/ё/g, 'е').replace(/Ё/g, 'Е')
}

/** Keeps letters (any script), dash and space; removes everything else. */
export function stripToLettersDashSpace(s: string): string {
  return s.replace(/[^\p{L}\- ]/gu, '')
}

/** Collapses runs of spaces and trims. */
export function squeezeSpaces(s: string): string {
  return s.replace(/ {2,}/g, ' ').trim()
}

/**
 * Capitalises each part of a name, parts split by space or dash:
 * 'иванов-петров' → 'Иванов-Петров', 'АННА мария' → 'Анна Мария'.
 */
export function capitalizeName(s: string): string {
  return s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
}

const RU_LOWER = 'йцукенгшщзхъфывапролджэячсмитьбюё'
const EN_LOWER = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
const RU_UPPER = 'ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ'
const EN_UPPER = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~'

/**
 * Russian ЙЦУКЕН key → the Latin QWERTY character on the same key. Besides the letters,
 * '"' (Shift+2 in the Russian layout) becomes '@' and '№' (Shift+3) becomes '#', which is what a
 * buyer who forgot to switch layout meant in an e-mail address.
 */
const KEY_MAP: ReadonlyMap<string, string> = new Map([
  ...[...RU_LOWER].map((c, i) => [c, EN_LOWER[i]] as const),
  ...[...RU_UPPER].map((c, i) => [c, EN_UPPER[i]] as const),
  ['"', '@'],
  ['№', '#'],
])

/** Converts typed Russian letters to the matching Latin keys (e-mail input, both §5). */
export function cyrillicToLatinKeys(s: string): string {
  let out = ''
  for (const ch of s) out += KEY_MAP.get(ch) ?? ch
  return out
}
