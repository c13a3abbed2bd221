import type { Lang } from '../../src/contract/lang'
import { numberInWords } from '../../src/server/domain/captcha/question'

/** The highest number a captcha question writes in words. */
const MAX_WORDS = 99

/** Every number the question may say, longest words first (so 'сорок два' is read before 'два'). */
function wordsOf(lang: Lang): [string, number][] {
  return Array.from({ length: MAX_WORDS }, (_, i): [string, number] => [numberInWords(i + 1, lang), i + 1]).sort((a, b) => b[0].length - a[0].length)
}

/**
 * What a person does with the captcha's text alternative (server/domain/captcha/question.ts):
 * reads the two numbers written in words and adds them. Tests use it to answer the question
 * the server asked, which they cannot look up (only a digest of the answer is stored).
 */
export function solveCaptchaQuestion(question: string, lang: Lang): string {
  let rest = question.toLocaleLowerCase()
  const found: number[] = []
  for (const [words, n] of wordsOf(lang)) {
    // Whole words only in alphabetic scripts ('семь' is not read inside 'семьдесят').
    const pattern = lang === 'ch' ? words : `(?<![\\p{L}-])${words}(?![\\p{L}-])`
    for (const m of rest.matchAll(new RegExp(pattern, 'gu'))) {
      found.push(n)
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length)
    }
  }
  if (found.length !== 2) throw new Error(`cannot read two numbers in "${question}"`)
  return String(found[0] + found[1])
}
