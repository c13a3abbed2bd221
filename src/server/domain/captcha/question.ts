import { randomInt } from 'node:crypto'
import type { Lang } from '../../../contract/lang'
import { messageText } from '../../messages'

/**
 * The captcha's text alternative (WCAG 1.1.1): "What is forty-two plus seven?" in the visitor's
 * language, numbers written in words, answered in digits. The answer is never in the page nor
 * in the JSON: a script must understand the sentence, as a person does. Its row, attempts and
 * expiry are a picture's (store.ts), so every limit applies to it alike.
 *
 * The first number spans two digits and the second one, so the sum is easy to work out in the
 * head while a blind guess stays unlikely: about 90 answers are possible, any one at most 1 in
 * QUESTION_FIRST_MAX - QUESTION_FIRST_MIN + 1, and CAPTCHA_MAX_ATTEMPTS guesses end a question.
 */
export const QUESTION_FIRST_MIN = 11
export const QUESTION_FIRST_MAX = 99
export const QUESTION_SECOND_MIN = 2
export const QUESTION_SECOND_MAX = 9

/** The largest number this writes in words (the operands stay below 100). */
const MAX_WORDS = 99

interface NumberWords {
  units: readonly string[]
  /** 10..19 (the teens where a language has its own words; the tens' rule otherwise). */
  teens: readonly string[]
  tens: readonly string[]
  /** Tens and unit joined: 'forty' + 'two' → 'forty-two'. */
  join: (tens: string, unit: string) => string
}

const WORDS: Record<Lang, NumberWords> = {
  en: {
    units: ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
    teens: ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'],
    tens: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
    join: (t, u) => `${t}-${u}`,
  },
  ru: {
    units: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
    teens: ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'],
    tens: ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'],
    join: (t, u) => `${t} ${u}`,
  },
  kz: {
    units: ['', 'бір', 'екі', 'үш', 'төрт', 'бес', 'алты', 'жеті', 'сегіз', 'тоғыз'],
    teens: ['он', 'он бір', 'он екі', 'он үш', 'он төрт', 'он бес', 'он алты', 'он жеті', 'он сегіз', 'он тоғыз'],
    tens: ['', '', 'жиырма', 'отыз', 'қырық', 'елу', 'алпыс', 'жетпіс', 'сексен', 'тоқсан'],
    join: (t, u) => `${t} ${u}`,
  },
  ch: {
    units: ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'],
    teens: ['十', '十一', '十二', '十三', '十四', '十五', '十六', '十七', '十八', '十九'],
    tens: ['', '', '二十', '三十', '四十', '五十', '六十', '七十', '八十', '九十'],
    join: (t, u) => `${t}${u}`,
  },
}

/** `n` (1..99) in words in `lang`. */
export function numberInWords(n: number, lang: Lang): string {
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORDS) throw new RangeError(`numberInWords: ${n} is outside 1..${MAX_WORDS}`)
  const w = WORDS[lang]
  if (n < 10) return w.units[n]
  if (n < 20) return w.teens[n - 10]
  const tens = w.tens[Math.floor(n / 10)]
  const unit = n % 10
  return unit === 0 ? tens : w.join(tens, w.units[unit])
}

/** A sentence begins with a capital (Kazakh's begins with the first number). */
const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/** The question of `a + b` in `lang`. */
export function questionText(a: number, b: number, lang: Lang): string {
  return capitalized(messageText('phrase.captcha-question', lang, { a: numberInWords(a, lang), b: numberInWords(b, lang) }))
}

/** A new question in `lang` and its answer in digits (what the visitor types). */
export function newQuestion(lang: Lang): { question: string; answer: string } {
  // randomInt's upper bound is exclusive.
  const a = randomInt(QUESTION_FIRST_MIN, QUESTION_FIRST_MAX + 1)
  const b = randomInt(QUESTION_SECOND_MIN, QUESTION_SECOND_MAX + 1)
  return { question: questionText(a, b, lang), answer: String(a + b) }
}
