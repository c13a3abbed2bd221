import { create } from 'zustand'
import type { CartItem, CartResponse, CartSingle } from '../../contract/entities/cart'

/**
 * The seat-map cart (001 §2 "Cart", §4): what the server holds for this visitor in one session,
 * and when that hold ends. Only cart and checkout state lives here; per-seat map state stays in
 * the engine (a 60,000-seat map never passes through React state). The server's answer is the
 * truth: every change replaces the items with those of /api/cart/update or /api/cart/list.
 */
export interface CartState {
  calendarId: number | null
  items: CartItem[]
  /** Epoch ms when the hold ends; null when nothing is held. */
  holdUntil: number | null
  /** Tickets the cart may still take (the server's limit_left). */
  limitLeft: number
  /** Empty seats the cart's choice leaves single (the server's `singles`): the cart warns. */
  singles: CartSingle[]
  /** Replaces the cart with a server answer received at `now` (epoch ms). */
  apply: (answer: CartResponse, now: number) => void
  /** Forgets the cart (after an order, or when the hold ran out). */
  clear: () => void
}

const EMPTY = { calendarId: null, items: [], holdUntil: null, limitLeft: 0, singles: [] } as const

export const useCart = create<CartState>((set) => ({
  ...EMPTY,
  items: [],
  singles: [],
  apply: (answer, now) =>
    set({
      calendarId: answer.calendar_id,
      items: answer.items,
      holdUntil: answer.items.length > 0 && answer.hold_seconds > 0 ? now + answer.hold_seconds * 1000 : null,
      limitLeft: answer.limit_left,
      singles: answer.singles ?? [],
    }),
  clear: () => set({ ...EMPTY, items: [], singles: [] }),
}))

/** Seat ids held by the cart (seats and standing places alike). */
export function cartSeatIds(items: readonly Pick<CartItem, 'seat_id'>[]): Set<string> {
  return new Set(items.map((i) => i.seat_id))
}
