import * as OpenCC from 'opencc-js'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { MIN_PASSWORD_LENGTH, operatorCreateRequestSchema } from '../../../src/contract/admin/access'
import { PROMO_MIN_LENGTH } from '../../../src/contract/constants'
import { eventInputSchema, priceInputSchema, sessionInputSchema, venueInputSchema, zoneInputSchema } from '../../../src/contract/admin/catalogue'
import { ISSUE } from '../../../src/contract/admin/issues'
import { imageUploadSchema, loyaltyInputSchema, promoCodeSchema, promoInputSchema, setupInputSchema } from '../../../src/contract/admin/offers'
import { LANGS, type Lang } from '../../../src/contract/lang'
import { aside, separatorsOf } from '../../../src/app/i18n/punctuation'
import { firstIssue, ISSUE_TEXTS, issueText, type IssueFields } from '../../../src/app/admin/issueTexts'
import { labelOf, type Field } from '../../../src/app/admin/catalogue/recordForm'
import { EXTRAS_TEXTS, type ExtrasTexts } from '../../../src/app/admin/catalogue/extrasTexts'
import { CATALOGUE_TEXTS, type CatalogueTexts } from '../../../src/app/admin/catalogue/texts'

/** The separator between a field's label and its refusal: full-width in Chinese. */
const colon = (lang: Lang) => separatorsOf(lang)('punct.colon')

/** What a console form would show for `body` (the first refusal), or null when it passes. */
const said = (schema: z.ZodType, body: unknown, lang: Lang, fields: IssueFields) => firstIssue(schema, body, lang, fields).error

const PROMO_FIELDS: Field<keyof ExtrasTexts>[] = [
  { key: 'code', label: 'code', type: 'text' },
  { key: 'discount_percent', label: 'discount_percent', type: 'number' },
  { key: 'discount_amount', label: 'discount_amount', type: 'money' },
  { key: 'max_uses', label: 'max_uses', type: 'nullnumber' },
  { key: 'valid_to', label: 'valid_to', type: 'datetime' },
]
const VENUE_FIELDS: Field<keyof CatalogueTexts>[] = [
  { key: 'name', label: 'name', type: 'loc' },
  { key: 'urlyandexmap', label: 'mapLink', type: 'text' },
  { key: 'latitude', label: 'latitude', type: 'nullnumber' },
]
const promoLabels = (lang: Lang): IssueFields => ({ label: (key) => labelOf(PROMO_FIELDS, EXTRAS_TEXTS[lang], key, lang) ?? key, money: (key) => key === 'discount_amount' })
const venueLabels = (lang: Lang): IssueFields => ({ label: (key) => labelOf(VENUE_FIELDS, CATALOGUE_TEXTS[lang], key, lang) ?? key })
const promo = { code: 'WINTER26', discount_percent: 10, discount_amount: 0 }

/** Words of zod's own English messages, and field keys, that no console text may show. */
const ZOD_ENGLISH = /Too small|Too big|Invalid|expected|received|must match|characters|Required/

describe('console form errors in the console language (zod issues as console text)', () => {
  it("say zod's own checks in every language with the form's label, never zod's English or the raw key", () => {
    expect(said(venueInputSchema, { name_ru: '' }, 'en', venueLabels('en'))).toBe('Name (ru): required')
    expect(said(venueInputSchema, { name_ru: '' }, 'ru', venueLabels('ru'))).toBe(`${CATALOGUE_TEXTS.ru.name} (ru): обязательное поле`)
    expect(said(venueInputSchema, { name_ru: '' }, 'ch', venueLabels('ch'))).toBe('名稱（ru）：必填')
    expect(said(venueInputSchema, { name_ru: 'Зал', urlyandexmap: 'not a link' }, 'en', venueLabels('en'))).toBe('Map link: a web address is needed (https://…)')
    expect(said(venueInputSchema, { name_ru: 'Зал', latitude: 91 }, 'en', venueLabels('en'))).toBe('Latitude: at most 90')
    for (const lang of LANGS) {
      const text = said(venueInputSchema, { name_ru: '   ' }, lang, venueLabels(lang))!
      expect(text, lang).toBe(`${CATALOGUE_TEXTS[lang].name}${aside(lang, 'ru')}${colon(lang)}${ISSUE_TEXTS[lang].required}`)
      expect(text, lang).not.toMatch(/name_ru|Too small/)
    }
  })

  it("say the contract's own checks by their keys, not in English sentences", () => {
    expect(said(promoInputSchema, { ...promo, discount_percent: 0 }, 'en', promoLabels('en'))).toBe('Discount, %: give either a percent or an amount')
    expect(said(promoInputSchema, { ...promo, discount_percent: 0 }, 'ru', promoLabels('ru'))).toBe('Скидка, %: укажите либо процент, либо сумму')
    expect(said(promoInputSchema, { ...promo, valid_from: 2000, valid_to: 1000 }, 'kz', promoLabels('kz'))).toMatch(new RegExp(`: ${ISSUE_TEXTS.kz.keys['start-before-end']}$`))
    expect(said(promoInputSchema, { ...promo, max_uses: 5 }, 'ch', promoLabels('ch'))).toMatch(new RegExp(`：${ISSUE_TEXTS.ch.keys['single-use-no-max']}$`))
    expect(said(promoCodeSchema, 'AB!C', 'en', { label: () => 'New code' })).toBe('New code: letters, digits, _ and - only')
    expect(said(sessionInputSchema, { day: '2026-02-30', time: '19:00' }, 'en', { label: (k) => (k === 'day' ? 'Date' : k) })).toBe('Date: a date as YYYY-MM-DD')
    expect(said(sessionInputSchema, { day: '2026-02-03', time: '25:00' }, 'en', { label: (k) => (k === 'time' ? 'Time' : k) })).toBe('Time: a time as HH:MM')
    expect(said(sessionInputSchema, { day: '2026-02-03', time: '19:00', sale_from: 2, sale_to: 1 }, 'en', { label: () => 'Sales end' })).toBe('Sales end: the start must be before the end')
    expect(said(zoneInputSchema, { name_ru: 'Партер', color: 'red' }, 'en', { label: () => 'Colour' })).toBe('Colour: a colour as #rrggbb')
    expect(said(eventInputSchema, { name_ru: 'x', menu_kind_id: 1, venue_id: 1, main_menu_ids: [1], sub_menus: [{ main_menu_id: 2, sub_menu_id: 3 }] }, 'en', { label: () => 'Menu items' })).toBe(
      'Menu items: a sub-menu is chosen for a menu item the event is not in',
    )
    // A union of '' and a pattern: the pattern's complaint.
    const setup = setupInputSchema.safeParse({ app: { header_background: 'blue' } }, { reportInput: true })
    const colour = setup.error!.issues.find((i) => i.path.join('.') === 'app.header_background')!
    expect(issueText(colour, 'en', { label: () => 'Header colour' })).toBe('Header colour: a colour as #rrggbb')
    expect(said(imageUploadSchema, { name: 'a.png', data: '***' }, 'en', { label: () => 'Image' })).toBe('Image: the file could not be read')
  })

  it('say numbers, lengths, lists, choices and addresses in the console language; amounts in major units', () => {
    const t = ISSUE_TEXTS.en
    expect(said(promoInputSchema, { ...promo, discount_percent: Number.NaN }, 'en', promoLabels('en'))).toBe(`Discount, %: ${t.number}`)
    expect(said(promoInputSchema, { ...promo, discount_percent: 1.5 }, 'en', promoLabels('en'))).toBe(`Discount, %: ${t.whole}`)
    expect(said(promoInputSchema, { ...promo, discount_percent: 101 }, 'en', promoLabels('en'))).toBe('Discount, %: at most 100')
    // MAX_MONEY is 1,000,000,000 minor units: the form takes roubles.
    expect(said(promoInputSchema, { ...promo, discount_percent: 0, discount_amount: 2_000_000_000 }, 'en', promoLabels('en'))).toBe('Discount, {cur}: at most 10000000')
    expect(said(promoInputSchema, { ...promo, code: 'AB' }, 'ru', promoLabels('ru'))).toBe('Код: не короче 3 символов')
    expect(said(loyaltyInputSchema, { accrual_percent: -1 }, 'ch', { label: () => '積分' })).toBe('積分：至少 0')
    const ops = { label: (k: string) => ({ email: 'E-mail', role: 'Role', password: 'Password' })[k] ?? k }
    expect(said(operatorCreateRequestSchema, { email: 'x', name: '', role: 'owner', password: 'a long password', lang: 'ru' }, 'en', ops)).toBe('E-mail: an e-mail address is needed')
    expect(said(operatorCreateRequestSchema, { email: '', name: '', role: 'owner', password: 'a long password', lang: 'ru' }, 'en', ops)).toBe('E-mail: required')
    expect(said(operatorCreateRequestSchema, { email: 'a@example.org', name: '', role: 'nobody', password: 'a long password', lang: 'ru' }, 'en', ops)).toBe('Role: choose one of the offered values')
    expect(said(operatorCreateRequestSchema, { email: 'a@example.org', name: '', role: 'owner', password: 'short', lang: 'ru' }, 'en', ops)).toBe('Password: at least 10 characters')
    expect(said(eventInputSchema, { name_ru: 'x', menu_kind_id: 1, venue_id: 1, main_menu_ids: [] }, 'en', { label: () => 'Menu items' })).toBe('Menu items: choose at least 1')
    expect(said(priceInputSchema, { client_category_id: 1, zone_id: 1, price: 100, quantity: Number.NaN }, 'en', { label: () => 'Quantity' })).toBe('Quantity: a number is needed')
    // An amount with more than kopecks: said as such, not as "a whole number" (the form takes roubles).
    expect(said(priceInputSchema, { client_category_id: 1, zone_id: 1, price: 1234.5, quantity: 1 }, 'en', { label: () => 'Price', money: (k) => k === 'price' })).toBe(`Price: ${t.cents}`)
    expect(said(eventInputSchema, { name_ru: 'x', menu_kind_id: 1, main_menu_ids: [1] }, 'en', { label: () => 'Venue' })).toBe('Venue: required')
    expect(firstIssue(promoInputSchema, promo, 'en', promoLabels('en'))).toMatchObject({ error: null, data: { code: 'WINTER26' } })
  })

  it('say an empty field with a minimum length as required, and the minimum only once something is typed', () => {
    const ops = { label: (k: string) => (k === 'password' ? 'P' : k) }
    const operator = { email: 'a@example.org', name: '', role: 'owner', lang: 'ru' }
    for (const lang of LANGS) {
      const t = ISSUE_TEXTS[lang]
      const atLeast = (n: number) => t.minLength.replace('{n}', String(n))
      // A promo code is trimmed and upper-cased before its minimum: blank and spaces alike are "required".
      expect(said(promoCodeSchema, '', lang, { label: () => 'C' }), lang).toBe(`C${colon(lang)}${t.required}`)
      expect(said(promoCodeSchema, '   ', lang, { label: () => 'C' }), lang).toBe(`C${colon(lang)}${t.required}`)
      expect(said(promoCodeSchema, 'AB', lang, { label: () => 'C' }), lang).toBe(`C${colon(lang)}${atLeast(PROMO_MIN_LENGTH)}`)
      expect(said(operatorCreateRequestSchema, { ...operator, password: '' }, lang, ops), lang).toBe(`P${colon(lang)}${t.required}`)
      expect(said(operatorCreateRequestSchema, { ...operator, password: 'short' }, lang, ops), lang).toBe(`P${colon(lang)}${atLeast(MIN_PASSWORD_LENGTH)}`)
    }
  })

  it('never shows zod English in ru, kz or ch, nor a raw key where the form has a label', () => {
    const bad: [z.ZodType, unknown][] = [
      [venueInputSchema, { name_ru: '', urlyandexmap: 'x', latitude: 'north' }],
      [promoInputSchema, { code: '', discount_percent: -5, discount_amount: Number.NaN }],
      [sessionInputSchema, { day: 'tomorrow', time: '7pm' }],
      [operatorCreateRequestSchema, { email: '', role: 'x', password: '', lang: 'xx' }],
      [setupInputSchema, { app: { logo: 'ftp://x' } }],
    ]
    for (const lang of ['ru', 'kz', 'ch'] as const) {
      for (const [schema, body] of bad) {
        const parsed = schema.safeParse(body, { reportInput: true })
        expect(parsed.success).toBe(false)
        for (const issue of parsed.error!.issues) {
          const text = issueText(issue, lang, { label: () => 'LABEL' })
          expect(text, `${lang} ${issue.path.join('.')} ${issue.code}`).toMatch(new RegExp(`^LABEL${colon(lang)}\\S`))
          expect(text, `${lang} ${issue.path.join('.')} ${issue.code}`).not.toMatch(ZOD_ENGLISH)
        }
      }
    }
  })

  it('has every text in all four languages, each its own, the Chinese in Traditional script', () => {
    const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
    const { keys: _keys, ...words } = ISSUE_TEXTS.en
    const all: [string, (lang: Lang) => string][] = [
      ...Object.keys(words).map((w) => [w, (lang: Lang) => ISSUE_TEXTS[lang][w as keyof typeof words]] as [string, (lang: Lang) => string]),
      ...Object.values(ISSUE).map((k) => [k, (lang: Lang) => ISSUE_TEXTS[lang].keys[k]] as [string, (lang: Lang) => string]),
    ]
    for (const [key, text] of all) {
      const texts = LANGS.map(text)
      for (const s of texts) expect(s.trim(), key).not.toBe('')
      expect(new Set(texts).size, key).toBe(LANGS.length)
      expect(toTraditional(text('ch')), key).toBe(text('ch'))
    }
  })
})
