import { useEffect } from 'react'
import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import type { OrderViewResponse } from './model/types'

/** Past the payment deadline before asking again: the server counts whole seconds up (ceil). */
const DEADLINE_GRACE_MS = 500

/**
 * The order view follows the order's state without a reload (issue 13.6): when the payment time
 * runs out the order is read again (the server then says cancelled: no offers, no removable
 * services, the cancelled badge), and so it is whenever the tab is shown again (a payment made
 * in another tab, a reservation that lapsed while the tab slept). Costs one request per event.
 */
export function useFollowOrder(order: Pick<OrderViewResponse, 'paid' | 'demandstatusid' | 'reservetime'>, loadedAt: number, reload: () => Promise<void>): void {
  const open = order.paid === 0 && order.demandstatusid !== ORDER_STATUS_CANCELLED && order.reservetime > 0
  const deadline = open ? loadedAt + order.reservetime * 1000 + DEADLINE_GRACE_MS : null

  useEffect(() => {
    if (deadline === null) return
    const id = window.setTimeout(() => void reload(), Math.max(0, deadline - Date.now()))
    return () => window.clearTimeout(id)
  }, [deadline, reload])

  useEffect(() => {
    const onShown = () => {
      if (document.visibilityState === 'visible') void reload()
    }
    document.addEventListener('visibilitychange', onShown)
    return () => document.removeEventListener('visibilitychange', onShown)
  }, [reload])
}
