import { z } from 'zod'
import { idSchema } from '../entities/common'
import { orderStateSchema } from './sales-export'
import { langSchema } from '../lang'

/**
 * Sales at a glance (issue 17 item 4), per session and per event. Counts are tickets (seats or
 * general-admission tickets); money is in minor units.
 * - sold: in paid orders (returned tickets leave it);
 * - held: in a visitor's cart or an unpaid order that still reserves it;
 * - blocked: places of the session's map not for sale (their zone has no price row), or a
 *   general-admission session's capacity when it has no price row;
 * - free: the rest of what is for sale.
 * - revenue: what the sold tickets brought in: each its share of what its order paid (payments
 *   less refunds, split over the order's tickets by what each was charged: rules/money.ts
 *   chargedWeight), so promo codes and bonuses are
 *   off it, complimentary box-office tickets bring 0, and an order's tickets add up to its
 *   `paid_amount` (server: orders/money.ts revenueLineShares). Once every ticket of an order is
 *   returned, what its returns kept back for earned bonuses the card had spent is its returned
 *   tickets' revenue, none of them sold.
 */
const names = { name_ru: z.string(), name_en: z.string(), name_kz: z.string(), name_ch: z.string() }
export const salesCountsSchema = z.object({
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  free: z.number().int(),
  blocked: z.number().int(),
  revenue: z.number().int(),
})
export type SalesCounts = z.infer<typeof salesCountsSchema>
/**
 * A session's row per zone. priced: the zone has a price row in the session (its places are for
 * sale; the Sales map opens it); a zone without one is a row of its blocked places (a seat-map
 * session's zone with no price row; a general-admission session without price rows: its
 * capacity, no zone), so the rows add up to the session's totals (but for a general-admission
 * session whose own capacity is below its rows' quantities: its totals are capped at it, each row
 * only at it too).
 */
export const zoneSalesSchema = salesCountsSchema.extend({ zone_id: z.number().int().nullable(), color: z.string(), ...names, priced: z.boolean() })
export const categorySalesSchema = z.object({ category_id: z.number().int(), sold: z.number().int(), revenue: z.number().int(), ...names })
/**
 * Tickets sold and revenue per sales channel (issue 19.1): the shop or the box office.
 * complimentary: how many of `sold` were given away at the box office (they count 0 revenue).
 */
export const SALES_CHANNELS = ['shop', 'boxoffice'] as const
export const channelSalesSchema = z.object({ channel: z.enum(SALES_CHANNELS), sold: z.number().int(), complimentary: z.number().int(), revenue: z.number().int() })
export type ChannelSales = z.infer<typeof channelSalesSchema>
/** Tickets sold and revenue per day of sale (the day the order was paid, in the venue's time zone, as the venue's staff count days). */
export const salesPointSchema = z.object({ day: z.string(), sold: z.number().int(), revenue: z.number().int() })
export const sessionSalesSchema = z.object({
  calendar_id: z.number().int(),
  day: z.string(),
  time: z.string(),
  /**
   * The session was cancelled (calendars.cancelled_at): nothing of it is for sale, so its
   * capacity and free count 0 (in the event's totals too); its sold tickets stay as they are.
   */
  cancelled: z.boolean(),
  totals: salesCountsSchema,
  zones: z.array(zoneSalesSchema),
  categories: z.array(categorySalesSchema),
  channels: z.array(channelSalesSchema),
  over_time: z.array(salesPointSchema),
})
export type SessionSales = z.infer<typeof sessionSalesSchema>
export const eventSalesSchema = z.object({
  event_id: z.number().int(),
  totals: salesCountsSchema,
  categories: z.array(categorySalesSchema),
  channels: z.array(channelSalesSchema),
  over_time: z.array(salesPointSchema),
  sessions: z.array(sessionSalesSchema),
})
export type EventSales = z.infer<typeof eventSalesSchema>

export const ordersQuerySchema = z.object({
  event_id: z.coerce.number().pipe(idSchema).optional(),
  calendar_id: z.coerce.number().pipe(idSchema).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  lang: langSchema.optional(),
})
export const adminOrderSchema = z.object({
  id: z.number().int(),
  ord_num: z.number().int(),
  hash: z.string(),
  /** paid, partly_refunded, refunded, reserved (unpaid, still holding), cancelled, expired (unpaid past its reserve time): sales-export.ts ORDER_STATES. */
  state: orderStateSchema,
  /** The order's list sum (its tickets at their prices and fees). */
  total: z.number().int(),
  /**
   * What the buyer paid (issue 17), less what was refunded: what the order's payments took (with its
   * promo code, bonuses and added services), so 0 while unpaid, for a free order and for a
   * complimentary box-office order (server: orders/money.ts paidAmounts).
   */
  paid_amount: z.number().int(),
  fio: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Tickets the order holds: returned ones are left out (a general-admission line counts its quantity). */
  tickets: z.number().int(),
  /** Tickets of the order returned (a confirmed return or an operator's refund). */
  returned_tickets: z.number().int(),
  created_at: z.number(),
  paid_at: z.number().nullable(),
  /** Sold at the box office (issue 19.1): how it was paid there; null when sold by the shop. */
  boxOffice: z.enum(['cash', 'card', 'comp']).nullable(),
})
export type AdminOrder = z.infer<typeof adminOrderSchema>
export const ordersResponseSchema = z.object({ orders: z.array(adminOrderSchema) })
