import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import type { OrderDataResponse, OrderDataRow } from '../../../src/contract/entities/nominal'
import { createI18n } from '../../../src/app/i18n'
import { aside, bracketed, joinParts, labelled, separatorsOf } from '../../../src/app/i18n/punctuation'
import { describeList } from '../../../src/app/door/labels'
import { DOOR_TEXTS } from '../../../src/app/door/texts'
import { describePaintKind } from '../../../src/app/admin/studio/PaintKindBox'
import { issueText } from '../../../src/app/admin/issueTexts'
import { LANGS } from '../../../src/contract/lang'
import type { CheckinList } from '../../../src/contract/admin/door'
import { Totals } from '../../../src/app/kernel/Totals'
import { emptyDraft, regionsByCountry } from '../../../src/app/screens/nominal/model/form'
import { VisitorCard } from '../../../src/app/screens/nominal/VisitorCard'
import { ch as serverCh } from '../../../src/server/messages/texts.ch'
import { seatDescriber } from '../../../src/engine/interaction/seatInfo'
import { chineseLiteralsIn, latinPunctuationInChinese, literalBracketsIn, literalJoinsIn, spacedBracketsIn, stringsOf } from '../../support/cjk-punctuation'
import { EXTRAS_TEXTS } from '../../../src/app/admin/catalogue/extrasTexts'
import { ticketText } from '../../../src/app/screens/order/OffersPanel'
import type { TicketLine } from '../../../src/app/screens/order/model/types'
import { FieldInputs, labelOf, type Field } from '../../../src/app/admin/catalogue/recordForm'
import { CATALOGUE_TEXTS, type CatalogueTexts } from '../../../src/app/admin/catalogue/texts'
import { orderSumText, ticketCountText } from '../../../src/app/admin/careTexts'
import { wordWarning } from '../../../src/app/admin/studio/warnings'

const i18n = createI18n('ch')
const t = i18n.getFixedT('ch')
/** The text of rendered markup, tags dropped. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ')
/** The scans parse every console and door source (a second or two alone, more beside other test files). */
const SCAN_TIMEOUT_MS = 30_000

describe('Chinese texts take full-width punctuation', { timeout: SCAN_TIMEOUT_MS }, () => {
  it('the scanner tells Latin punctuation in Chinese from times, numbers, URLs and placeholders', () => {
    const bad = [['a', '類別: 10'], ['b', '城市歷史博物館, 莫斯科'], ['c', '星期二: 19:00'], ['d', '{{label}}: {{value}}'], ['e', '說明(選填)'], ['f', '{{day}}, 星期一']] as const
    const fine = [['g', '12:30'], ['h', '₽1,800.00'], ['i', 'https://example.org'], ['j', '電話 +7 (495) 000-00-00，電子郵件'], ['k', '{{date}} {{time}}'], ['l', '類別：{{zone}}'], ['m', 'INN: 7700']] as const
    expect(latinPunctuationInChinese(bad)).toHaveLength(bad.length)
    expect(latinPunctuationInChinese(fine)).toEqual([])
  })

  it('in the storefront’s ch locale and the server’s Chinese answers', () => {
    const storefront = stringsOf(i18n.getResourceBundle('ch', 'translation'))
    expect(storefront.length).toBeGreaterThan(300)
    expect(latinPunctuationInChinese([...storefront, ...stringsOf(serverCh).map(([k, v]) => [`server.${k}`, v] as [string, string])])).toEqual([])
  })

  it('in the console’s and the door app’s Chinese: their text tables and inline ch entries', () => {
    const consoleTexts = chineseLiteralsIn(['src/app/admin', 'src/app/door'])
    expect(consoleTexts.length).toBeGreaterThan(300)
    expect(latinPunctuationInChinese(consoleTexts)).toEqual([])
  })

  it('in the joins the console and the door app make: a field and its refusal, a check-in list, the same separators as the storefront', () => {
    for (const lang of LANGS) {
      const lt = createI18n(lang).getFixedT(lang)
      expect([separatorsOf(lang)('punct.colon'), separatorsOf(lang)('punct.comma')]).toEqual([lt('punct.colon'), lt('punct.comma')])
    }
    const issue = { code: 'too_small', minimum: 0, origin: 'number', inclusive: true, path: ['accrual_percent'], input: -1, message: '' } as never
    expect(issueText(issue, 'ch', { label: () => '積分' })).toBe('積分：至少 0')
    expect(issueText(issue, 'ru', { label: () => 'Баллы' })).toBe('Баллы: не меньше 0')
    const list = { id: 1, name: '正門', category_ids: [], sector_ids: [], exits: false, reentry: true } as unknown as CheckinList
    expect(describeList(list, DOOR_TEXTS.ch, 'ch')).toBe('全部票券，允許再次入場')
    expect(bracketed('ch', describeList(list, DOOR_TEXTS.ch, 'ch'))).toBe('（全部票券，允許再次入場）')
    expect(describeList(list, DOOR_TEXTS.ru, 'ru')).toMatch(/^[^，]+, [^，]+$/)
    expect(bracketed('ru', 'x')).toBe('(x)')
    const paint = { op: 'seat-type', type: 'companion', companion_of: 'A-1-2', seats: { keys: ['A-1-3'] } } as never
    expect(describePaintKind(paint, 'ch', '1 個座位')).toMatch(/^[^:(]+：[^:(]*[^\s:(]（A-1-2） — 1 個座位$/)
    expect(describePaintKind(paint, 'ru', '1 место')).toMatch(/^[^：]+: .+ \(A-1-2\) — 1 место$/)
  })

  it('in the console’s and the door app’s code: parts joined through i18n/punctuation, not with a literal ": " or ", "', () => {
    /** Joins kept: the door's technical line (English, for the details and the log) and a list of sector numbers ('#0, #3'). */
    const kept = [
      "src/app/admin/studio/unnamedSectors.ts unnamed.map((s) => `#${s.index}`).join(', ')",
      'src/app/door/labels.ts `${err.name}: ${err.message}`',
      'src/app/door/labels.ts `${err.why.name}: ${err.why.message}`',
    ]
    expect(literalJoinsIn(['src/app/admin', 'src/app/door']).map(([where, code]) => `${where.replace(/:\d+$/, '')} ${code}`).sort()).toEqual(kept)
  })

  it('in the console’s and the door app’s code: notes put in brackets through i18n/punctuation, not with a literal " (" and ")"', () => {
    /** Kept: a currency's code and symbol ('RUB (₽)', Latin in every language), and the studio warnings' own ru, en and kz sentences. */
    const kept = ['src/app/admin/catalogue/SetupScreen.tsx `${c} (${currencySymbol(c)})`']
    const found = literalBracketsIn(['src/app/admin', 'src/app/door']).filter(([where]) => !/studio\/warnings\/(ru|en|kz)\.ts:/.test(where))
    expect(found.map(([where, code]) => `${where.replace(/:\d+$/, '')} ${code}`)).toEqual(kept)
  })

  it('in the app’s code: no literal space before a bracketed note (aside spaces Latin brackets only), so Chinese reads "版本 1（草稿）", not "… （草稿）"', () => {
    // aside itself is the one place that spaces a bracketed note, for Latin brackets only.
    expect(spacedBracketsIn(['src/app']).filter(([where]) => !where.startsWith('src/app/i18n/punctuation.ts:'))).toEqual([])
  })

  it('in the notes the console puts after a text: a field’s language and unit, an order’s list price and returned tickets, a warning’s repeats', () => {
    expect([aside('ch', 'ru'), aside('ru', 'ru'), aside('en', 'ru'), aside('kz', 'ru')]).toEqual(['（ru）', ' (ru)', ' (ru)', ' (ru)'])
    const fields: Field<keyof CatalogueTexts>[] = [{ key: 'name', label: 'name', type: 'loc' }, { key: 'latitude', label: 'latitude', type: 'nullnumber', suffix: '°' }]
    expect(labelOf(fields, CATALOGUE_TEXTS.ch, 'name_ru', 'ch')).toBe('名稱（ru）')
    expect(labelOf(fields, CATALOGUE_TEXTS.ch, 'latitude', 'ch')).toBe('緯度（°）')
    expect(labelOf(fields, CATALOGUE_TEXTS.en, 'name_ru', 'en')).toBe('Name (ru)')
    expect(labelOf(fields, CATALOGUE_TEXTS.ru, 'latitude', 'ru')).toBe('Широта (°)')
    const form = renderToStaticMarkup(createElement(FieldInputs<keyof CatalogueTexts>, { fields, form: {}, setForm: () => {}, t: CATALOGUE_TEXTS.ch, lang: 'ch', idPrefix: 'x' }))
    expect(textOf(form)).toContain('名稱（ch）')
    const order = { state: 'partly_refunded', total: 200000, paid_amount: 150000, tickets: 3, returned_tickets: 1 } as const
    const chinese = [['form', textOf(form)], ['sum', orderSumText(order, 'ch', 'RUB')], ['tickets', ticketCountText(order, 'ch')]] as [string, string][]
    const warning = { code: 'duplicate-seat-key', params: { key: 'A-1', renamed: 'A-1~2' }, text: '', times: 3 } as never
    chinese.push(['warning', wordWarning(warning, 'ch')])
    expect(latinPunctuationInChinese(chinese)).toEqual([])
    expect(chinese.map(([, text]) => text).slice(1)).toEqual([expect.stringMatching(/^[^ (]+（定價 .+）$/), '3（已退票：1）', expect.stringMatching(/^重複的座位鍵「A-1」.+（共 3 次）$/)])
    expect(ticketCountText(order, 'ru')).toMatch(/^3 \([^（]+\)$/)
    expect(wordWarning(warning, 'en')).toMatch(/\) \(3 times in all\)$/)
  })

  it('in the joins the code makes: a label and its value, a list of parts, a seat spoken on the map', () => {
    expect(t('punct.colon')).toBe('：')
    expect(t('punct.comma')).toBe('，')
    expect(labelled(t, '票價', '₽800.00')).toBe('票價：₽800.00')
    expect(joinParts(t, ['城市歷史博物館', '', '莫斯科新廣場12號'])).toBe('城市歷史博物館，莫斯科新廣場12號')
    const ru = createI18n('ru').getFixedT('ru')
    expect(joinParts(ru, ['Музей', 'Москва'])).toBe('Музей, Москва')
    expect(labelled(ru, 'Цены', '800 ₽')).toBe('Цены: 800 ₽')
    const words = { sector: '區', row: '排', seat: '座', category: '類別', price: '票價', status: { 0: '可選', 1: '已選', 2: '保留', 3: '已售', 4: '不可用', 5: '已篩除' }, comma: t('punct.comma') }
    expect(latinPunctuationInChinese([['seat', seatDescriber(words)({ sector: '池座', row: '5', number: '12', category: '1類', price: null, status: 0 })]])).toEqual([])
  })

  it('in the offers panel: which ticket an offer is for', () => {
    const loc = (k: string, v: string) => ({ [`${k}_ru`]: v, [`${k}_en`]: v, [`${k}_kz`]: v, [`${k}_ch`]: v })
    const seat = { rowname: '', personname: '', ...loc('sector', '池座'), ...loc('row', '3'), ...loc('seat', '12'), ...loc('category', '成人') } as unknown as TicketLine
    expect(ticketText(2, seat, 'ch', t)).toBe('第 2 張票 · 池座，排 3，座位 12')
    expect(ticketText(2, seat, 'ru', createI18n('ru').getFixedT('ru'))).toMatch(/^Билет 2 · 池座, .+ 3, .+ 12$/)
  })

  it('names the contacts page one way: the header link, the page title and the console field that writes it', () => {
    expect(t('shell.contacts')).toBe('聯絡方式')
    expect(t('titles.contacts')).toBe(t('shell.contacts'))
    expect(EXTRAS_TEXTS.ch.info_contact).toBe(t('shell.contacts'))
  })

  it('in rendered parts of the pages: the tickets total and a named ticket’s seat', () => {
    const totals = renderToStaticMarkup(createElement(I18nextProvider, { i18n },
      createElement(Totals, { totals: { count: 2, tickets: 1600, fee: 0, total: 1600 } as never, free: false, lang: 'ch', currency: 'RUB' })))
    const loc = (k: string, v: string) => ({ [`${k}_ru`]: v, [`${k}_en`]: v, [`${k}_kz`]: v, [`${k}_ch`]: v })
    const row = {
      id: 1, ord_num: 1, hash_id: 'h', action: 'A', day: '2026-12-01', time: '12:00', reservetime: 900, demandstatusid: 10, paid: 0, clientcategory: 1,
      needage: 0, needmiddlename: 0, needdocument: 0, needcountry: 0, needregion: 0, summa: 10, country_id: null, tickethash_id: 't', usereturn: 1, usepushkarta: 0, usenopushkarta: 0,
      ...loc('action', '音樂會'), ...loc('category', '成人'), ...loc('sector', '池座'), ...loc('row', '5'), ...loc('seat', '12'),
    } as unknown as OrderDataRow
    const data = { rows: [row], text: '', checkboxList: [], docTypes: [], countries: [], regions: [] } as unknown as OrderDataResponse
    const card = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(VisitorCard, {
      index: 0, row, data, regions: regionsByCountry(data), draft: emptyDraft(row), errors: [], shown: () => false, open: false,
      onToggle: () => {}, onChange: () => {}, onBlur: () => {}, lang: 'ch', now: new Date(), timeZone: 'Europe/Moscow',
    })))
    expect(latinPunctuationInChinese([['totals', textOf(totals)], ['visitor card', textOf(card)]])).toEqual([])
    expect(textOf(card)).toContain('池座，')
  })
})
