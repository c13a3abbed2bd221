import { useState } from 'react'
import type { CrmSubscription } from '../../contract/entities/crm'
import type { EventAction } from '../../contract/entities/event'
import { useSession, useSetupInTransition } from '../state/session'
import { defaultMethod, paymentMethods, type PaymentMethod } from './payment'

export interface PaymentChoice {
  /** Methods the event offers (000 §4, §6). */
  methods: PaymentMethod[]
  /** The chosen method; falls back to the default when the choice is no longer offered. */
  method: PaymentMethod
  setMethod: (method: PaymentMethod) => void
  /** The signed-in client's subscription to this event with tickets left, or null. */
  subscription: CrmSubscription | null
  /** The 'by subscription' box as the visitor set it. */
  bySubscription: boolean
  setBySubscription: (on: boolean) => void
  /** The subscription when buying by it (there is one and the box is ticked), else null. */
  usedSubscription: CrmSubscription | null
}

/**
 * How the visitor pays on an event page (ticket or seat map): the payment method among those
 * the event and setup offer, and buying by the CRM client's subscription to this event.
 */
export function usePaymentChoice(action: Pick<EventAction, 'usepushkarta' | 'usenopushkarta'>, hash: string): PaymentChoice {
  const setup = useSetupInTransition()
  const crm = useSession((s) => s.crmClient)
  const methods = paymentMethods(action, setup?.db.showproculture ?? 0)
  const [methodChoice, setMethod] = useState<PaymentMethod | null>(null)
  const method = methodChoice !== null && methods.includes(methodChoice) ? methodChoice : defaultMethod(methods)
  const subscription = crm?.subscriptions.find((s) => s.hash_id === hash && s.quant > 0) ?? null
  const [bySubscription, setBySubscription] = useState(false)
  const usedSubscription = bySubscription ? subscription : null
  return { methods, method, setMethod, subscription, bySubscription, setBySubscription, usedSubscription }
}
