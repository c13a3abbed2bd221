import { describe, expect, it } from 'vitest'
import { orderBasics, REFERRER_MAX } from '../../../src/app/kernel/orderRequest'

const buyer = { email: 'a@example.com', fio: 'Ivan Ivanov', phone: '' }
const bot = {}

describe('the order request builder of both flows', () => {
  it('sends the CRM client, subscription and gift flag', () => {
    const crm = { data: { id: 5, typeId: 2, typeName: 'Gold', cardCode: 'C-1' } } as never
    const basics = orderBasics({ buyer, lang: 'en', checkboxList: [], bot, crm, subscritId: 9, method: 'gift', referrer: 'https://x.example/' + 'p'.repeat(3000) })
    expect(basics.crmClient).toEqual({ id: 5, typeId: 2, typeName: 'Gold', cardCode: 'C-1', referrer: expect.any(String), subscritId: 9 })
    expect(basics.crmClient!.referrer!.length).toBe(REFERRER_MAX)
    expect(basics.USE_PUSHKIN_CARD).toBe(1)
  })

  it('sends no client, referrer or subscription when there are none, and bank-card payment as 0', () => {
    const basics = orderBasics({ buyer, lang: 'ru', checkboxList: [{ id: 1, checked: 1 }] as never, bot, crm: null, subscritId: null, method: 'bank', referrer: '' })
    expect(basics).toEqual({ ...buyer, lang: 'ru', checkboxList: [{ id: 1, checked: 1 }], crmClient: {}, USE_PUSHKIN_CARD: 0 })
  })
})
