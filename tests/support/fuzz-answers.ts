import { expect } from 'vitest'

/** One answer of a fuzzing run (fuzz-malformed.test.ts, fuzz-admin.test.ts). */
export interface FuzzAnswer {
  label: string
  status: number
  type: string
  text: string
  /** The request carried a NUL character (escaped in its JSON body, or in its URL). */
  sentNul?: boolean
}

/** Whether a request's URL or body carried a NUL character (JSON-escaped, or percent-encoded). */
export const carriesNul = (path: string, body: unknown): boolean =>
  path.includes('%00') || (typeof body === 'string' && (body.includes('\\u0000') || body.includes('%00')))

/** A fetch's answer, read whole, for checkFuzzAnswers. */
export async function fuzzAnswer(label: string, res: Response, sentNul: boolean): Promise<FuzzAnswer> {
  return { label, status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), sentNul }
}

const shown = (a: FuzzAnswer) => `${a.label}: ${a.status} ${a.text.slice(0, 200)}`

/**
 * Issue 18.6's rules for answers to malformed input: none is a 5xx; every JSON refusal is the
 * spec's {errorCode, errorText}; and, where `nulRefused` (the contract's routes, whose validation
 * refuses a NUL anywhere: plugins/validator.ts; not the sandbox bank's own pages), no request
 * that carried a NUL was taken.
 */
export function checkFuzzAnswers(answers: FuzzAnswer[], nulRefused = true): void {
  expect(answers.filter((a) => a.status >= 500).map(shown)).toEqual([])
  const unformatted = answers
    .filter((a) => a.status >= 400 && a.type.startsWith('application/json'))
    .filter((a) => {
      const body = JSON.parse(a.text) as { errorCode?: unknown; errorText?: unknown }
      return !(typeof body.errorCode === 'string' && /^-\d+$/.test(body.errorCode) && typeof body.errorText === 'string' && body.errorText.length > 0)
    })
    .map(shown)
  expect(unformatted).toEqual([])
  expect(answers.filter((a) => nulRefused && a.sentNul && a.status < 400).map(shown)).toEqual([])
}
