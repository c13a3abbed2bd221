import * as OpenCC from 'opencc-js'
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import {
  newQuestion,
  numberInWords,
  QUESTION_FIRST_MAX,
  QUESTION_FIRST_MIN,
  QUESTION_SECOND_MAX,
  QUESTION_SECOND_MIN,
  questionText,
} from '../../../src/server/domain/captcha/question'

/** Digits of any script (ASCII, full-width, …): none may be in a question. */
const ANY_DIGIT = /\p{Nd}/u
/** Questions drawn to check the ranges and the digit-free texts. */
const DRAWS = 400

/**
 * The captcha's text alternative (domain/captcha/question.ts): numbers in words in each
 * language, the question never shows a digit of its numbers nor its answer, and the numbers stay
 * in their ranges.
 */
describe('the captcha question', () => {
  it('writes numbers in words in ru, en, kz and ch', () => {
    expect([7, 11, 20, 42, 99].map((n) => numberInWords(n, 'en'))).toEqual(['seven', 'eleven', 'twenty', 'forty-two', 'ninety-nine'])
    expect([7, 11, 20, 42, 99].map((n) => numberInWords(n, 'ru'))).toEqual(['семь', 'одиннадцать', 'двадцать', 'сорок два', 'девяносто девять'])
    expect([7, 11, 20, 42, 99].map((n) => numberInWords(n, 'kz'))).toEqual(['жеті', 'он бір', 'жиырма', 'қырық екі', 'тоқсан тоғыз'])
    expect([7, 11, 20, 42, 99].map((n) => numberInWords(n, 'ch'))).toEqual(['七', '十一', '二十', '四十二', '九十九'])
    expect(() => numberInWords(100, 'en')).toThrow(RangeError)
    expect(() => numberInWords(0, 'en')).toThrow(RangeError)
  })

  it('gives every number 1..99 its own words in each language', () => {
    for (const lang of LANGS) {
      const words = Array.from({ length: 99 }, (_, i) => numberInWords(i + 1, lang))
      expect(new Set(words).size, lang).toBe(99)
    }
  })

  it('asks in the visitor language, a sentence starting with a capital', () => {
    expect(questionText(42, 7, 'en')).toBe('What is forty-two plus seven? Write the answer in digits')
    expect(questionText(42, 7, 'ru')).toBe('Сколько будет сорок два плюс семь? Напишите ответ цифрами')
    expect(questionText(42, 7, 'kz')).toBe('Қырық екі қосу жеті нешеге тең? Жауапты цифрмен жазыңыз')
    expect(questionText(42, 7, 'ch')).toBe('四十二加七等於多少？請用數字作答')
    // The interface's Chinese is Traditional (tests/unit/app/chinese-script.test.ts).
    const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
    const ch = questionText(42, 7, 'ch')
    expect(toTraditional(ch)).toBe(ch)
  })

  it('never shows a digit; the answer is the sum of numbers in their ranges', () => {
    for (const lang of LANGS) {
      const byWords = new Map(Array.from({ length: 99 }, (_, i) => [numberInWords(i + 1, lang), i + 1]))
      for (let i = 0; i < DRAWS / LANGS.length; i++) {
        const { question, answer } = newQuestion(lang)
        expect(question, lang).not.toMatch(ANY_DIGIT)
        expect(answer).toMatch(/^\d+$/)
        const sum = Number(answer)
        expect(sum).toBeGreaterThanOrEqual(QUESTION_FIRST_MIN + QUESTION_SECOND_MIN)
        expect(sum).toBeLessThanOrEqual(QUESTION_FIRST_MAX + QUESTION_SECOND_MAX)
        // The question is exactly the text of some a + b with this sum.
        const pairs = [...byWords.values()].filter((a) => a >= QUESTION_FIRST_MIN && a <= QUESTION_FIRST_MAX && sum - a >= QUESTION_SECOND_MIN && sum - a <= QUESTION_SECOND_MAX)
        expect(pairs.some((a) => questionText(a, sum - a, lang) === question), `${lang}: ${question} = ${answer}`).toBe(true)
      }
    }
  })
})
