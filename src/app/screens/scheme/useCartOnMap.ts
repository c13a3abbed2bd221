import { useEffect, useRef } from 'react'
import { SeatStatus } from '../../../engine/model'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { cartSeatIds, useCart } from '../../state/cart'

/**
 * Keeps the map's highlight in step with the cart (001 §4: active seats are highlighted,
 * removing from the cart removes the highlight): seats that joined the cart turn Selected,
 * seats that left it turn Free (the live stream corrects them if someone else took them).
 */
export function useCartOnMap(engine: SeatMapEngine | null, venueReady: boolean): void {
  const items = useCart((s) => s.items)
  const shown = useRef<Set<string>>(new Set())
  useEffect(() => {
    if (engine === null || !venueReady) return
    const now = cartSeatIds(items)
    const add: number[] = []
    const drop: number[] = []
    for (const id of now) {
      const i = engine.indexOfKey(id)
      if (i >= 0) add.push(i)
    }
    for (const id of shown.current) {
      if (now.has(id)) continue
      const i = engine.indexOfKey(id)
      if (i >= 0 && engine.getVenue()?.seats.status[i] === SeatStatus.Selected) drop.push(i)
    }
    if (add.length) engine.setStatuses(add, SeatStatus.Selected)
    if (drop.length) engine.setStatuses(drop, SeatStatus.Free)
    shown.current = now
  }, [engine, venueReady, items])
}
