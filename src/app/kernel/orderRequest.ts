import type { Buyer } from '../../contract/entities/buyer'
import type { CheckboxAnswer } from '../../contract/entities/common'
import type { CrmClient } from '../../contract/entities/crm'
import type { OrderCreateRequest, OrderCreateSchemeRequest } from '../../contract/entities/order'
import type { Lang } from '../../contract/lang'
import type { BotCheck } from '../forms/useOrderSubmit'
import type { PaymentMethod } from '../../contract/rules/payment'

/** Referrer sent with orders is cut to the contract's bound. */
export const REFERRER_MAX = 2000

/** What both order calls (/api/order/create and /create-scheme) send besides their tickets. */
export interface OrderBasics {
  buyer: Buyer
  lang: Lang
  checkboxList: CheckboxAnswer[]
  bot: BotCheck
  /** The identified client of the session (CRM sign-in), or null. */
  crm: CrmClient | null
  /** Buying by subscription: its id. */
  subscritId: number | null
  method: PaymentMethod
  /** document.referrer of the page ('' when none). */
  referrer: string
}

type Common = Omit<OrderCreateRequest, 'data' | 'hash'> & Omit<OrderCreateSchemeRequest, 'action_id' | 'tickets' | 'calendarId'>

/**
 * The order request builder of both flows: buyer fields, language, agreements, the client's
 * CRM data with the referrer and the subscription, the gift-card flag and the bot check.
 */
export function orderBasics(o: OrderBasics): Common {
  const client = o.crm?.data ?? null
  const referrer = o.referrer.slice(0, REFERRER_MAX)
  return {
    ...o.buyer,
    lang: o.lang,
    checkboxList: o.checkboxList,
    crmClient: {
      ...(client === null ? {} : { id: client.id, typeId: client.typeId, typeName: client.typeName, cardCode: client.cardCode }),
      ...(referrer === '' ? {} : { referrer }),
      ...(o.subscritId === null ? {} : { subscritId: o.subscritId }),
    },
    USE_PUSHKIN_CARD: o.method === 'gift' ? 1 : 0,
    ...o.bot,
  }
}
