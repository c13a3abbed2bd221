import { describe, expect, it } from 'vitest'
import { BACKGROUND_TRIES, deliverCallback, type CallbackAnswer } from '../../../src/server/payments/sandbox/deliver'

/** A shop that answers the given statuses in turn (the last one from then on). */
function shop(statuses: number[]) {
  let calls = 0
  const send = async (): Promise<CallbackAnswer> => {
    const statusCode = statuses[Math.min(calls, statuses.length - 1)]
    calls++
    return { statusCode, result: statusCode === 200 ? 'paid' : null }
  }
  return { send, calls: () => calls }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 2))
}

describe('the sandbox bank delivering its callback', () => {
  it('sends again while the shop is busy, and stops at its answer', async () => {
    const s = shop([503, 503, 200])
    const got = await deliverCallback(s.send, () => {}, [1, 1, 1, 1], 1)
    expect(got).toEqual({ statusCode: 200, result: 'paid', retrying: false })
    expect(s.calls()).toBe(3)
  })

  it('takes a refusal (4xx) as the answer: no retry', async () => {
    const s = shop([400])
    const got = await deliverCallback(s.send, () => {}, [1, 1], 1)
    expect(got.retrying).toBe(false)
    expect(s.calls()).toBe(1)
  })

  it('goes on in the background once the buyer has waited long enough', async () => {
    const s = shop([503, 503, 503, 429, 200])
    const got = await deliverCallback(s.send, () => {}, [1, 1], 1)
    expect(got).toMatchObject({ statusCode: 503, retrying: true })
    await until(() => s.calls() >= 5)
    expect(s.calls()).toBe(5)
  })

  it('gives up after its background tries and says so', async () => {
    const s = shop([503])
    let gaveUp: CallbackAnswer | null = null
    await deliverCallback(s.send, (last) => (gaveUp = last), [], 1)
    await until(() => gaveUp !== null)
    expect(gaveUp).toEqual({ statusCode: 503, result: null })
    expect(s.calls()).toBe(1 + BACKGROUND_TRIES)
  })
})
