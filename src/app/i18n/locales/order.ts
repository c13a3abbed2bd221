import type { ScreenTexts } from '../mergeTexts'
import orderCh from './order.ch'
import orderEn from './order.en'
import orderKz from './order.kz'
import orderRu from './order.ru'

/** The order view's, declined page's and ticket page's texts per language. */
export const ORDER_TEXTS: ScreenTexts = { ru: orderRu, en: orderEn, kz: orderKz, ch: orderCh }
