import { ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { normalizeFio, normalizeGiftName, orderSum } from '../../../contract/rules'
import { ORDER_STATUS_CREATED } from './constants'

/**
 * An order as its planner leaves it: checked, priced by the server, not yet written. The
 * general-admission planner (domain/admission/create.ts) and the seat-map planner
 * (domain/scheme/order.ts) each build one; placeOrder (claim.ts) writes it with
 * insertOrder (order.repository.ts) in the claim transaction of its sessions.
 */
export interface OrderDraft {
  sessionId: string | null
  /** The CRM client kept in the session (never the one the body names). */
  crmClientId: number | null
  subscriptionId: number | null
  status: number
  lang: string
  fio: string
  surname: string
  name: string
  patronymic: string
  phone: string
  email: string
  referrer: string
  giftCard: boolean
  /** Tickets plus fees, minor units (the money rule). */
  total: number
  /**
   * Written paid, its places sold, in the claim transaction: a free order (total 0), unless the
   * caller pays it in a step of its own (DraftContext.paysItself).
   */
  paidAtOnce: boolean
  serviceTotal: number
  createdAt: number
  reserveUntil: number
  lines: DraftLine[]
}

/** Tickets of one price row (and one place, on a seat map); written as one order_lines row per ticket. */
export interface DraftLine {
  eventId: number
  calendarId: number
  priceId: number
  clientCategoryId: number
  zoneId: number
  seatId: number | null
  standingPlaceId: number | null
  quantity: number
  /** Ticket price and service fee of one ticket, minor units. */
  price: number
  fee: number
}

/** What both order calls ask of the buyer (contract/entities/order). */
export interface BuyerInput {
  lang: string
  fio?: string
  surname?: string
  name?: string
  patronymic?: string
  phone: string
  email: string
  crmClient?: { referrer?: string } | null
}

export interface DraftContext {
  now: number
  reserveSeconds: number
  sessionId: string | null
  crmClientId: number | null
  subscriptionId: number | null
  giftCard: boolean
  /** The event asks for named tickets (writeticketname): the order waits for the visitor data. */
  named: boolean
  /**
   * The caller pays the order itself right after it is written, free or not (the box office, in
   * one transaction with its desk payment and audit row): a free order is then written unpaid
   * like any other, so a failed payment step cancels it instead of leaving it paid, unrecorded.
   */
  paysItself?: boolean
}

/** Tickets of a draft. */
export function draftTickets(draft: Pick<OrderDraft, 'lines'>): number {
  return draft.lines.reduce((n, l) => n + l.quantity, 0)
}

/**
 * The order draft of a buyer and priced lines: buyer texts normalized as the contract's rules
 * say (the gift card keeps the name parts, otherwise the full name), sums by the money rule.
 */
export function draftOrder(input: BuyerInput, lines: DraftLine[], ctx: DraftContext): OrderDraft {
  const sum = orderSum({ tickets: lines.map((l) => ({ price: l.price, fee: l.fee, quantity: l.quantity })) })
  const { giftCard } = ctx
  return {
    sessionId: ctx.sessionId,
    crmClientId: ctx.crmClientId,
    subscriptionId: ctx.subscriptionId,
    // Named tickets stay unconfirmed until the visitor data is entered (tickets-nominal).
    status: ctx.named ? ORDER_STATUS_CREATED : ORDER_STATUS_CONFIRMED,
    lang: input.lang,
    fio: giftCard ? '' : normalizeFio(input.fio ?? ''),
    surname: giftCard ? normalizeGiftName(input.surname ?? '') : '',
    name: giftCard ? normalizeGiftName(input.name ?? '') : '',
    patronymic: giftCard ? normalizeGiftName(input.patronymic ?? '') : '',
    phone: input.phone.trim(),
    email: input.email.trim(),
    referrer: input.crmClient?.referrer ?? '',
    giftCard,
    total: sum.gross,
    paidAtOnce: sum.gross === 0 && ctx.paysItself !== true,
    serviceTotal: sum.fees,
    createdAt: ctx.now,
    reserveUntil: ctx.now + ctx.reserveSeconds * 1000,
    lines,
  }
}
