import { describe, expect, it } from 'vitest'
import { returnBonusPlan, type HeldBonuses } from '../../../src/server/domain/loyalty/return-bonus-plan'

/**
 * The one rule of the bonuses a return moves (loyalty/return-bonus-plan.ts returnBonusPlan), which
 * the return performs (returnTicketBonuses) and the return page and e-mail read (returns/row-amounts.ts): a share of the
 * spent bonuses back to the card that paid them (all of them on the last return), the same share
 * of the earned ones taken back from the client's card, never more than it holds.
 */
describe('returnBonusPlan', () => {
  const row = (over: Partial<HeldBonuses> = {}): HeldBonuses => ({ loyalty_card_id: 7, bonuses_used: 100, charged_bonus: 60, released_at: null, ...over })
  const half = (held: number) => Math.floor(held / 2)

  it('moves nothing without a discount row', () => {
    expect(returnBonusPlan(undefined, { id: 7, balance: 500 }, half, false)).toEqual({ credited: 0, earned: 0, revoked: 0 })
  })

  it('takes back the share earned while the card holds it', () => {
    expect(returnBonusPlan(row(), { id: 9, balance: 500 }, half, false)).toEqual({ credited: 50, earned: 30, revoked: 30 })
  })

  it('takes back no more than the card holds, counting first what the return gives back to the same card', () => {
    expect(returnBonusPlan(row({ loyalty_card_id: 9 }), { id: 9, balance: 5 }, half, false)).toEqual({ credited: 50, earned: 30, revoked: 30 })
    expect(returnBonusPlan(row({ bonuses_used: 10 }), { id: 7, balance: 5 }, half, false)).toEqual({ credited: 5, earned: 30, revoked: 10 })
    expect(returnBonusPlan(row({ bonuses_used: 0 }), { id: 7, balance: 5 }, half, false)).toEqual({ credited: 0, earned: 30, revoked: 5 })
    expect(returnBonusPlan(row({ bonuses_used: 0 }), { id: 7, balance: -3 }, half, false)).toEqual({ credited: 0, earned: 30, revoked: 0 })
  })

  it('takes back nothing when the client has no card', () => {
    expect(returnBonusPlan(row(), undefined, half, false)).toEqual({ credited: 50, earned: 30, revoked: 0 })
  })

  it('the last return gives back all the spent bonuses the row holds, none when it names no card or was given back', () => {
    expect(returnBonusPlan(row(), { id: 7, balance: 0 }, (held) => held, true)).toEqual({ credited: 100, earned: 60, revoked: 60 })
    expect(returnBonusPlan(row({ loyalty_card_id: null }), { id: 7, balance: 0 }, (held) => held, true)).toEqual({ credited: 0, earned: 60, revoked: 0 })
    expect(returnBonusPlan(row({ released_at: 1 }), { id: 7, balance: 0 }, (held) => held, true)).toEqual({ credited: 0, earned: 60, revoked: 0 })
    expect(returnBonusPlan(row({ released_at: 1 }), { id: 7, balance: 0 }, half, false)).toEqual({ credited: 0, earned: 30, revoked: 0 })
  })
})
