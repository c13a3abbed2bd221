import type { ScreenTexts } from '../mergeTexts'

/**
 * Texts of buying by subscription on the seat map (issue 13.1): zones and seats a subscription
 * does not cover, in every language, merged into the "scheme" keys beside scheme.<lang>.ts.
 */
const ru = {
  scheme: {
    'not-by-subscription': 'Не продаётся по абонементу',
    'seat-not-by-subscription': 'Это место не продаётся по абонементу. Выберите место в зоне, отмеченной ценой в легенде.',
    'subscription-prices': 'Цены по абонементу',
  },
}

type SchemeSubscriptionMessages = typeof ru

const en: SchemeSubscriptionMessages = {
  scheme: {
    'not-by-subscription': 'Not sold by subscription',
    'seat-not-by-subscription': 'This seat is not sold by subscription. Choose a seat in a zone the legend shows with a price.',
    'subscription-prices': 'Subscription prices',
  },
}

const kz: SchemeSubscriptionMessages = {
  scheme: {
    'not-by-subscription': 'Абонемент бойынша сатылмайды',
    'seat-not-by-subscription': 'Бұл орын абонемент бойынша сатылмайды. Легендада бағасы көрсетілген аймақтан орын таңдаңыз.',
    'subscription-prices': 'Абонемент бойынша бағалар',
  },
}

const ch: SchemeSubscriptionMessages = {
  scheme: {
    'not-by-subscription': '不適用套票',
    'seat-not-by-subscription': '此座位不適用套票。請在圖例中標有價格的區域選擇座位。',
    'subscription-prices': '套票價格',
  },
}

export const SCHEME_SUBSCRIPTION_TEXTS: ScreenTexts = { ru, en, kz, ch }
