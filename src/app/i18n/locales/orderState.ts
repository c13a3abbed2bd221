import type { ScreenTexts } from '../mergeTexts'

/**
 * Texts of the order view's ticket and order states (returned tickets, the refund, a return
 * waiting for its confirmation) in every language, merged into the "order" and "ticket" keys
 * beside order.<lang>.ts. Chinese in Traditional characters, as the rest of the interface.
 */
const ru = {
  order: {
    'line-returned': 'Возвращён',
    'line-return-pending': 'Ожидает подтверждения возврата',
    'line-returned-cost': 'Стоимость возвращённого билета: {{cost}}',
    refunded: 'Возвращено покупателю',
  },
  ticket: {
    returned: 'Билет возвращён и больше не действует.',
  },
}

type OrderStateMessages = typeof ru

const en: OrderStateMessages = {
  order: {
    'line-returned': 'Returned',
    'line-return-pending': 'Return awaiting confirmation',
    'line-returned-cost': 'Cost of the returned ticket: {{cost}}',
    refunded: 'Refunded to the buyer',
  },
  ticket: {
    returned: 'This ticket was returned and is no longer valid.',
  },
}

const kz: OrderStateMessages = {
  order: {
    'line-returned': 'Қайтарылды',
    'line-return-pending': 'Қайтаруды растау күтілуде',
    'line-returned-cost': 'Қайтарылған билеттің құны: {{cost}}',
    refunded: 'Сатып алушыға қайтарылды',
  },
  ticket: {
    returned: 'Билет қайтарылды және енді жарамсыз.',
  },
}

const ch: OrderStateMessages = {
  order: {
    'line-returned': '已退票',
    'line-return-pending': '退票待確認',
    'line-returned-cost': '已退門票金額：{{cost}}',
    refunded: '已退還給購買者',
  },
  ticket: {
    returned: '此門票已退回，不再有效。',
  },
}

export const ORDER_STATE_TEXTS: ScreenTexts = { ru, en, kz, ch }
