import { returnBonusPlan, type BonusesHeld, type ReturnedBonuses } from '../loyalty/return-bonus-plan'
import { bonusWithheld, openLineShares, type OpenLine } from '../orders/money'

/** Uncapped: bonusWithheld's value of bonuses, before it is held to a money share. */
const NO_CAP = Number.MAX_SAFE_INTEGER

/**
 * What the return page shows each open line refunds (line id → minor units), pure: `left` (what
 * the payment has left) split over the `open` lines (the order's lines not returned before) as a
 * return splits it (orders/money.ts openLineShares), less what is kept back for the bonuses the
 * line earned that the card cannot give back (bonusWithheld, by the return's rule,
 * loyalty/return-bonus-plan.ts returnBonusPlan over `held`, the order's discount row and the
 * client's card).
 *
 * The page adds up the rows the visitor ticks, and a return of several lines takes their bonuses
 * back from the card once and keeps back their value from their money together. So no row counts
 * the whole card: each has its own part of its balance (cardPartsByLine); and what a row's money
 * cannot cover of what it keeps back (a line of little money left) is kept back from every other
 * row too. Then any ticked rows add up to no more than the confirm refunds for them, and to
 * exactly that when all of them are ticked (unless a row's money could not cover its part: then
 * less). A line returned alone may refund more than its row says; its request's e-mail says what.
 */
export function returnRowAmounts(open: readonly OpenLine[], left: number, held: BonusesHeld): Map<number, number> {
  const { row, card } = held
  const money = openLineShares(left, open)
  // One split of each bonus amount for every line, as of the money; a line is the last alone when it is the only one open.
  const splits = new Map<number, Map<number, number>>()
  const splitOf = (bonuses: number) => splits.get(bonuses) ?? splits.set(bonuses, openLineShares(bonuses, open)).get(bonuses)!
  const shareOf = (id: number) => (bonuses: number) => (bonuses > 0 ? splitOf(bonuses).get(id)! : 0)
  const last = open.length === 1
  const planOf = (id: number, balance: number) => returnBonusPlan(row, card && { id: card.id, balance }, shareOf(id), last)
  const parts = cardPartsByLine(open, card ? card.balance : 0, (id) => planOf(id, 0))
  const rows = [...money].map(([id, amount]) => {
    const bonuses = planOf(id, parts.get(id)!)
    const keep = bonusWithheld(NO_CAP, bonuses.earned, bonuses.revoked)
    return { id, amount, keep, uncovered: Math.max(0, keep - amount) }
  })
  const uncovered = rows.reduce((sum, r) => sum + r.uncovered, 0)
  return new Map(rows.map((r) => [r.id, r.amount - Math.min(r.amount, r.keep + uncovered - r.uncovered)]))
}

/**
 * The card's `balance` split over the `open` lines (line id → bonuses) for the return page's rows
 * (returnRowAmounts), by what each line's earned bonuses still need once the card has what the
 * line itself gives back to it (`bare`: the line's plan with nothing on the card): each its need
 * when the balance covers them all, else its proportional part rounded down, the bonuses left by
 * the rounding one each to the first lines by id (never beyond a line's need, where it would be
 * lost). Whatever rows are ticked, their parts add up to no more than the balance, so no set of
 * rows counts the card twice; all of them ticked, they use all of it that the lines need.
 */
export function cardPartsByLine(open: readonly Pick<OpenLine, 'id'>[], balance: number, bare: (id: number) => ReturnedBonuses): Map<number, number> {
  const ids = open.map((l) => l.id).sort((a, b) => a - b)
  const needs = ids.map((id) => {
    const plan = bare(id)
    return Math.max(0, plan.earned - plan.revoked)
  })
  const needed = needs.reduce((sum, n) => sum + n, 0)
  const parts = balance >= needed ? needs : needs.map((n) => (balance > 0 ? Math.floor((balance * n) / needed) : 0))
  let rest = Math.max(0, balance) - parts.reduce((sum, p) => sum + p, 0)
  for (let i = 0; i < parts.length && rest > 0 && balance < needed; i++) {
    if (parts[i] < needs[i]) {
      parts[i]++
      rest--
    }
  }
  return new Map(ids.map((id, i) => [id, parts[i]]))
}
