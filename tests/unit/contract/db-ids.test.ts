import { describe, expect, it } from 'vitest'
import { calls } from '../../../src/contract/calls'
import { idSchema, MAX_DB_ID, noNulText } from '../../../src/contract/entities/common'

/**
 * An id past what PostgreSQL's integer columns hold, or a NUL in a text, is refused by the contract
 * itself, so SQLite (which would look it up or store it) and PostgreSQL (which refuses it as out of
 * range or unstorable) give the same clear answer.
 */
describe('database ids and texts in the contract', () => {
  it('an id is a positive integer up to 2^31 - 1', () => {
    expect(idSchema.safeParse(MAX_DB_ID).success).toBe(true)
    for (const bad of [MAX_DB_ID + 1, 2 ** 53, 0, -1, 1.5]) expect(idSchema.safeParse(bad).success, String(bad)).toBe(false)
  })
  it("a storefront call's ids follow it (the cart's session)", () => {
    expect(calls.cartList.request.safeParse({ calendar_id: MAX_DB_ID }).success).toBe(true)
    expect(calls.cartList.request.safeParse({ calendar_id: MAX_DB_ID + 1 }).success).toBe(false)
  })
  it('a text without NUL passes, one with it does not', () => {
    expect(noNulText().safeParse('Анна').success).toBe(true)
    expect(noNulText().safeParse('An\u0000na').success).toBe(false)
  })
})
