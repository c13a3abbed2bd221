import { describe, expect, it } from 'vitest'
import { admissionHeader, calendarOfCall, keepAdmission, renewAdmissions, type AdmissionAnswer } from '../../../src/app/state/admission'

const HOUR_MS = 3_600_000

/**
 * After a sign-in the server has moved the visitor to a new session id and his admission tokens
 * no longer verify (they are bound to the id). The app asks the queue again for each session it
 * holds a token for and keeps what comes back, so his next buying call is not refused.
 */
describe('renewing admission tokens after a sign-in', () => {
  it('replaces each unexpired token with the queue’s new one, drops a session no longer admitted, keeps one that could not be asked', async () => {
    const now = Date.now()
    keepAdmission(1, '1.old', now + HOUR_MS)
    keepAdmission(2, '2.old', now + HOUR_MS)
    keepAdmission(3, '3.old', now + HOUR_MS)
    keepAdmission(4, '4.expired', now - 1)
    const asked: number[] = []
    const answers: Record<number, AdmissionAnswer | Error> = {
      1: { state: 'admitted', token: '1.new', token_expires_at: now + 2 * HOUR_MS },
      2: { state: 'off', token: null, token_expires_at: null },
      3: new Error('network'),
    }
    await renewAdmissions(async (id) => {
      asked.push(id)
      const a = answers[id]
      if (a instanceof Error) throw a
      return a
    }, now)
    expect(asked.sort()).toEqual([1, 2, 3])
    expect(admissionHeader(now)?.split(',').sort()).toEqual(['1.new', '3.old'])
  })
})

/**
 * The server verifies a bounded number of tokens per session (room.ts MAX_TOKENS_PER_REQUEST): a
 * visitor who went through many rooms sends a seat-map call only its own session's token.
 */
describe('the admission header of a buying call', () => {
  it('carries only the token of the session the call names, and every live one when it names none', () => {
    const now = Date.now()
    for (let id = 100; id < 130; id++) keepAdmission(id, `${id}.t`, now + HOUR_MS)
    keepAdmission(131, '131.expired', now - 1)
    expect(admissionHeader(now, calendarOfCall({ calendar_id: 129, changes: [] }))).toBe('129.t')
    expect(admissionHeader(now, calendarOfCall({ calendarId: 117 }))).toBe('117.t')
    expect(admissionHeader(now, 131)).toBeUndefined()
    expect(admissionHeader(now, 999)).toBeUndefined()
    expect(calendarOfCall({ hash: 'ab', data: [] })).toBeUndefined()
    expect(admissionHeader(now, calendarOfCall({ hash: 'ab', data: [] }))?.split(',')).toContain('129.t')
  })
})
