import { useCallback, useState } from 'react'
import type { CrmSubscription } from '../../contract/entities/crm'
import type { EventAction } from '../../contract/entities/event'
import { useSession, useSetupInTransition } from '../state/session'
// The methods an event offers are the contract's rule: the server refuses what it does not offer.
import { paymentMethods, type PaymentMethod } from '../../contract/rules/payment'
import { pickMethod, resolvePicks, type PaymentPicks } from './payment'

export interface PaymentChoice {
  /** Methods the event offers (000 §4, §6). */
  methods: PaymentMethod[]
  /** The chosen method; falls back to the default when the choice is no longer offered. */
  method: PaymentMethod
  /** Picks a method; the gift card clears the 'by subscription' box (pickMethod). */
  setMethod: (method: PaymentMethod) => void
  /** The signed-in client's subscription to this event with tickets left, or null. */
  subscription: CrmSubscription | null
  /** Whether the 'by subscription' box may be ticked: not while the gift card is chosen. */
  subscriptionAllowed: boolean
  /** The 'by subscription' box as shown: ticked by the visitor and allowed. */
  bySubscription: boolean
  setBySubscription: (on: boolean) => void
  /** The subscription when buying by it (there is one and the box is ticked), else null. */
  usedSubscription: CrmSubscription | null
}

const NO_PICKS: PaymentPicks = { method: null, bySubscription: false }

/**
 * How the visitor pays on an event page (ticket or seat map): the payment method among those
 * the event and setup offer, and buying by the CRM client's subscription to this event. The two
 * never meet on the gift card (resolvePicks): the server refuses that pair ('subscription-gift').
 */
export function usePaymentChoice(action: Pick<EventAction, 'usepushkarta' | 'usenopushkarta'>, hash: string): PaymentChoice {
  const setup = useSetupInTransition()
  const crm = useSession((s) => s.crmClient)
  const methods = paymentMethods(action, setup?.db.showproculture ?? 0)
  const [picks, setPicks] = useState(NO_PICKS)
  const { method, subscriptionAllowed, bySubscription } = resolvePicks(methods, picks)
  const setMethod = useCallback((m: PaymentMethod) => setPicks((p) => pickMethod(p, m)), [])
  const setBySubscription = useCallback((on: boolean) => setPicks((p) => ({ ...p, bySubscription: on })), [])
  const subscription = crm?.subscriptions.find((s) => s.hash_id === hash && s.quant > 0) ?? null
  const usedSubscription = bySubscription ? subscription : null
  return { methods, method, setMethod, subscription, subscriptionAllowed, bySubscription, setBySubscription, usedSubscription }
}
