import { describe, expect, it } from 'vitest'
import {
  calls,
  cartItemSchema,
  paymentStartKind,
  paymentStartParamsSchema,
  seatStatusEventSchema,
  seatStatusStreamQuerySchema,
  type PaymentStartResponse,
} from '../../../src/contract'
import { actionSample, orderViewSample, priceRowSample, setupSample } from './samples'

describe('answers built from the spec fields parse', () => {
  it('setup and an afisha answer', () => {
    expect(calls.setup.response.parse(setupSample).db.languages).toBe('ru,en')
    const afisha = {
      setup: setupSample,
      kind_menu: [{ menukind_id: 1, menukindsortnum: 1, menukindname_ru: 'Билеты', menukindname_en: 'Tickets', menukindname_kz: '', menukindname_ch: '' }],
      main_menu: [],
      sub_menu: [],
      calendar: [{ event_id: 7, eventday: '2026-12-01', eventtime: '19:00', ticketcount: 40, quantity: 40, pricetype_id: 1 }],
      venues: [],
      action: [],
      list_tags: [],
      event_tags: [{ event_id: 7, attr_id: 2 }],
      images: [],
      composition: [],
      price_categories: [],
    }
    expect(calls.afisha.response.parse(afisha).kind_menu[0].menukindname_ru).toBe('Билеты')
  })

  it('rejects an afisha answer missing a localized field', () => {
    const bad = { ...setupSample, title_kz: undefined }
    expect(calls.setup.response.safeParse(bad).success).toBe(false)
  })

  it('event data of the no-scheme call', () => {
    const answer = {
      action: actionSample,
      actionStr: [],
      calendar: [{ day: '2026-12-01', times: [{ time: '19:00', quantity: 40, pricetype_id: 1 }] }],
      price: [priceRowSample],
      ticketPrice: [],
      ticketInfo: [],
      checkboxList: [{ id: 1, filling: 1, name_ru: 'Согласен', name_en: 'I agree', name_kz: '', name_ch: '' }],
    }
    expect(calls.noScheme.response.parse(answer).price[0].price).toBe(1500)
  })

  it('order view, with success codes only', () => {
    expect(calls.orderView.response.parse(orderViewSample).main[0].tickethash_id).toBe('tk501')
    expect(calls.orderView.response.safeParse({ ...orderViewSample, errorCode: '-1004' }).success).toBe(false)
  })

  it('scheme map and the seat status stream', () => {
    const map = {
      svg: '<svg/>',
      sectors: [{ sector_id: 's1', sector_ru: 'Партер', sector_en: 'Stalls', sector_kz: '', sector_ch: '' }],
      seat_numbers: [{ seat_id: 's1-r5-12', sector: 'Партер', row: '5', seat: '12', zonelevel_id: 3, status: 'free' }],
      seat_stand: [{ seat_id: '1_2_3', seat_name: 'Fan zone', cat: 4, limit: 10, quant: 250 }],
      meta: null,
    }
    expect(calls.schemeMap.response.parse(map).seat_numbers[0].status).toBe('free')
    expect(calls.schemeMap.response.safeParse({ ...map, seat_numbers: [{ ...map.seat_numbers[0], status: 'booked' }] }).success).toBe(false)
    expect(seatStatusEventSchema.parse({ calendar_id: 5, changes: [{ seat_id: 's1-r5-12', status: 'held' }] }).changes).toHaveLength(1)
    expect(seatStatusStreamQuerySchema.parse({ calendar_id: '5' }).calendar_id).toBe(5)
    expect(cartItemSchema.parse({ ...priceRowSample, seat_id: 's1-r5-12', quantity: 1, sector: 'Партер', row: '5', seat: '12' }).seat).toBe('12')
  })

  it('payment start answers each of its four forms and nothing else', () => {
    const ok = { errorCode: '0', errorText: '' }
    const forms: [object, string][] = [
      [{ ...ok, bankInvoiceId: 'inv-1', backUrl: '/order/ord9xyz' }, 'widget'],
      [{ ...ok, form_qr_url: 'https://qr.example/p/1', form_qr_code: 'data:image/png;base64,AAAA' }, 'qr'],
      [{ ...ok, form_action: 'https://bank.example/pay', form_bank: { order: '1', amount: '1500.00' } }, 'form'],
      [{ ...ok, bankUrl: 'https://bank.example/pay/1' }, 'redirect'],
    ]
    for (const [answer, kind] of forms) {
      expect(paymentStartKind(calls.paymentStart.response.parse(answer) as PaymentStartResponse)).toBe(kind)
    }
    expect(calls.paymentStart.response.safeParse(ok).success).toBe(false)
  })

  it('small answers: get-num, status change, return data', () => {
    expect(calls.orderGetNum.response.parse({ response: { num: 100231 } }).response.num).toBe(100231)
    expect(calls.orderStatusChange.response.parse({ response: 0 }).response).toBe(0)
    const ret = {
      rows: [
        {
          id: 501, ord_num: 100231, datime: '2026-11-21 20:00:00', owner_name: 'Иван Петров', visitor_name: '', email: 'ivan@mail.ru', phone: '+79123456789',
          status_id: 0, quant: 1, summa: 1500, sortnum: 1, returndatime: '2026-12-01 16:00:00', returnleft: 3600, returnreason_id: null,
          action_id: 7, name_ru: '', name_en: '', name_kz: '', name_ch: '', action_ru: 'Лебединое озеро', action_en: 'Swan Lake', action_kz: '', action_ch: '',
          day: '2026-12-01', time: '19:00', zonelevel: 'Stalls',
        },
      ],
      error_code: '0',
      date: '2026-11-21 23:30:00',
      text: 'Consent',
      reasons: [{ id: 1, name_ru: 'Болезнь', name_en: 'Illness', name_kz: '', name_ch: '', descript_ru: '', descript_en: '', descript_kz: '', descript_ch: '' }],
    }
    expect(calls.orderReturnData.response.parse(ret).rows[0].returnleft).toBe(3600)
  })
})

describe('requests built from the spec payloads parse', () => {
  it('general-admission order with gift-card buyer and bot-check fields', () => {
    const body = {
      surname: 'Иванов', name: 'Иван', patronymic: '', phone: '+7 (912) 345-67-89', email: 'ivan@mail.ru', re_email: 'ivan@mail.ru',
      data: [{ day: '2026-12-01', time: '19:00', actionId: 7, categoryId: 1, zoneId: 3, quantity: 1, sum: 1500 }],
      hash: 'ev7abc',
      checkboxList: [{ id: 1, checked: 1 }],
      crmClient: { id: '42', typeId: '1', typeName: 'Member', cardCode: 'C-42', referrer: 'https://venue.example', subscritId: 3 },
      USE_PUSHKIN_CARD: 1,
      captchaSid: 'sid1', captchaText: 'x7k2',
    }
    const parsed = calls.orderCreate.request.parse(body)
    expect(parsed.lang).toBe('ru')
    expect(calls.orderCreate.request.safeParse({ ...body, data: [] }).success).toBe(false)
    expect(calls.orderCreate.request.safeParse({ ...body, hash: '../etc' }).success).toBe(false)
  })

  it('named-ticket confirm payload', () => {
    const body = {
      id: [501], docTypeId: [1], name: ['Иван'], surname: ['Петров'], middleName: [''], docNum: ['4510 123456'], age: [''],
      date: ['01.01.1990'], countryId: [1], regionId: [null], hash: 'ord9xyz', lang: 'en', checkboxList: [{ id: 1, checked: 1 }],
    }
    expect(calls.confirmNominal.request.parse(body).lang).toBe('en')
    expect(calls.confirmNominal.request.safeParse({ ...body, lang: 'de' }).success).toBe(false)
  })

  it('seat-map order, offers, discount, returns, payment params', () => {
    expect(
      calls.orderCreateScheme.request.safeParse({
        fio: 'Иван Петров', phone: '+79123456789', email: 'ivan@mail.ru', action_id: 'ev7abc', lang: 'ru',
        tickets: [{ seat_id: 's1-r5-12', clientcategory_id: 1, quantity: 1 }], checkboxList: [], calendarId: 5,
      }).success,
    ).toBe(true)
    expect(calls.orderAddSpecialOffer.request.safeParse({ data: [{ uid: '501-3', parent_id: 501, package_id: 2, price_id: 3, cost: 300 }], hash: 'ord9xyz' }).success).toBe(true)
    expect(calls.orderAddDiscount.request.safeParse({ hash: 'ord9xyz', lang: 'ru', bonuses: 0, cardCode: '', promoCode: 'SPRING' }).success).toBe(true)
    expect(calls.orderAddDiscount.request.safeParse({ hash: 'ord9xyz', lang: 'ru', bonuses: 0, cardCode: '', promoCode: 'AB' }).success).toBe(false)
    expect(calls.orderReturnCreate.request.safeParse({ reason: 1, id: [501], hash: 'ord9xyz', lang: 'ru' }).success).toBe(true)
    expect(calls.orderReturnConfirm.request.safeParse({ hash: 'ord9xyz', lang: 'ru', hashConf: '12345' }).success).toBe(false)
    expect(calls.orderReturnConfirm.request.safeParse({ hash: 'ord9xyz', lang: 'ru', hashConf: '123456' }).success).toBe(true)
    expect(paymentStartParamsSchema.parse({ typeId: '3' }).typeId).toBe(3)
    expect(paymentStartParamsSchema.safeParse({ typeId: 'x' }).success).toBe(false)
    expect(calls.orderView.request.parse({ hash: 'ord9xyz', bank_data: { orderId: 'abc' } }).lang).toBe('ru')
  })
})
