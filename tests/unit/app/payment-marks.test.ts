import { describe, expect, it } from 'vitest'
import { paymentMarks } from '../../../src/app/screens/order/model/paymentMarks'
import type { PaymentType } from '../../../src/contract/entities/payment'
import { sameInAll } from '../../../src/contract/lang'

const type = (id: number, kind: string, name: string, image_url?: string): PaymentType => ({
  creditcompany_id: id, protocol_type: 'sandbox', protocol_kind: kind,
  ...sameInAll('name', name), ...sameInAll('descript', ''), ...(image_url === undefined ? {} : { image_url }),
})
const summary = (types: PaymentType[]) =>
  paymentMarks(types, 'ru').map((m) => (m.kind === 'image' ? `image ${m.src} ${m.alt}` : m.kind === 'icon' ? `icon ${m.icon.slug}` : `name ${m.text}`))

describe('payment logos (issue 13 item 18)', () => {
  it('shows the card schemes\' marks for a card type, once however many card types there are', () => {
    expect(summary([type(1, 'CARD', 'Банковская карта', ''), type(4, 'card', 'Карта (форма банка)')])).toEqual(['icon visa', 'icon mastercard'])
  })

  it('shows a type\'s own image instead of the built-in marks, named by the type', () => {
    expect(summary([type(1, 'CARD', 'Карта МИР', '/media/images/mir.svg'), type(2, 'CARD', 'Банковская карта')]))
      .toEqual(['image /media/images/mir.svg Карта МИР', 'icon visa', 'icon mastercard'])
  })

  it('names a type with neither an image nor a built-in mark in plain text, and never repeats an entry', () => {
    expect(summary([type(2, 'QR', 'СБП по QR-коду'), type(3, 'CARD_SCHEME', 'Пушкинская карта', '/media/images/p.png'), type(5, 'QR', 'СБП по QR-коду'), type(6, 'X', '')]))
      .toEqual(['name СБП по QR-коду', 'image /media/images/p.png Пушкинская карта'])
    expect(summary([])).toEqual([])
  })
})
