import { returnBonusPlan, type BonusesHeld, type ReturnedBonuses } from '../loyalty/return-bonus-plan'
import { bonusWithheld, openLineShares, type OpenLine } from '../orders/money'

/** Uncapped: bonusWithheld's value of bonuses, before it is held to a money share. */
const NO_CAP = Number.MAX_SAFE_INTEGER

/** What returning one open line gives back by the return's rule (returnLinePlans): money and bonuses. */
export interface LineReturn {
  /** Its share of what the payment has left (openLineShares). */
  money: number
  /** What it refunds: `money` less what is kept back for earned bonuses the card cannot give back. */
  amount: number
  /** Its share of the order's earned bonuses, and what of them its part of the card gives back. */
  earned: number
  revoked: number
}

/**
 * The one money rule of a return, per open line (line id → LineReturn), pure: `left` (what the
 * payment has left) split over the `open` lines (the order's lines not returned before, and those
 * this return takes) as a return splits it (orders/money.ts openLineShares), less what is kept back
 * for the bonuses the line earned that the card cannot give back (bonusWithheld, by the return's
 * rule, loyalty/return-bonus-plan.ts returnBonusPlan over `held`, the order's discount row and the
 * client's card before the return).
 *
 * The return page shows each line's `amount` and adds up the rows the visitor ticks, and the
 * confirm refunds exactly the sum of its lines' amounts (linesReturn) and takes back the sum of
 * their `revoked`: so a row, and any ticked rows, show what the return refunds. For that no row
 * counts the whole card: each has its own part of its balance (cardPartsByLine), the same whether
 * it is returned alone or with others; and what a row's money cannot cover of what it keeps back
 * (a line of little money left) is kept back from every other row too.
 */
export function returnLinePlans(open: readonly OpenLine[], left: number, held: BonusesHeld): Map<number, LineReturn> {
  const { row, card } = held
  const money = openLineShares(left, open)
  // One split of each bonus amount for every line, as of the money; a line is the last alone when it is the only one open.
  const splits = new Map<number, Map<number, number>>()
  const splitOf = (bonuses: number) => splits.get(bonuses) ?? splits.set(bonuses, openLineShares(bonuses, open)).get(bonuses)!
  const shareOf = (id: number) => (bonuses: number) => (bonuses > 0 ? splitOf(bonuses).get(id)! : 0)
  const last = open.length === 1
  const planOf = (id: number, balance: number) => returnBonusPlan(row, card && { id: card.id, balance }, shareOf(id), last)
  const parts = cardPartsByLine(open, card ? card.balance : 0, (id) => planOf(id, 0))
  const lines = [...money].map(([id, amount]) => {
    const bonuses = planOf(id, parts.get(id)!)
    const keep = bonusWithheld(NO_CAP, bonuses.earned, bonuses.revoked)
    return { id, money: amount, earned: bonuses.earned, revoked: bonuses.revoked, keep, uncovered: Math.max(0, keep - amount) }
  })
  const uncovered = lines.reduce((sum, l) => sum + l.uncovered, 0)
  return new Map(lines.map((l) => [l.id, { money: l.money, amount: l.money - Math.min(l.money, l.keep + uncovered - l.uncovered), earned: l.earned, revoked: l.revoked }]))
}

/** What the return page shows each open line refunds (line id → minor units): returnLinePlans' amounts. */
export function returnRowAmounts(open: readonly OpenLine[], left: number, held: BonusesHeld): Map<number, number> {
  return new Map([...returnLinePlans(open, left, held)].map(([id, l]) => [id, l.amount]))
}

/** What returning several lines at once gives back: the sums of their LineReturns, and each line's `amount` (byLine). */
export interface LinesReturn extends LineReturn {
  /** What it keeps back of `money` for earned bonuses the card cannot give back: `money - amount`. */
  withheld: number
  byLine: Map<number, number>
}

/**
 * What returning the lines `ids` of `open` refunds and takes back from the card, by the one rule
 * (returnLinePlans): the sums of their rows, so a return of any ticked rows refunds exactly what
 * they showed (returns/refund-payment.ts refundOfReturned performs it; the request's e-mail names
 * it). An id not open adds nothing.
 */
export function linesReturn(open: readonly OpenLine[], left: number, held: BonusesHeld, ids: readonly number[]): LinesReturn {
  const plans = returnLinePlans(open, left, held)
  const sum: LinesReturn = { money: 0, amount: 0, earned: 0, revoked: 0, withheld: 0, byLine: new Map() }
  for (const id of new Set(ids)) {
    const l = plans.get(id)
    if (!l) continue
    sum.money += l.money
    sum.amount += l.amount
    sum.earned += l.earned
    sum.revoked += l.revoked
    sum.byLine.set(id, l.amount)
  }
  sum.withheld = sum.money - sum.amount
  return sum
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
