import type { Page } from 'playwright-core'
import type { ApiClient } from '../../src/contract/client'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { pickLocalized } from '../../src/contract/lang'
import { ticketTotals } from '../../src/app/kernel/cart'
import { visitorApi, type AppHarness } from './app'

/** The demo's general-admission walk, the event the order tests buy. */
export const WALK = 'Прогулка по старому городу'

/** Who buys, when a test cares. */
export interface Buyer {
  fio: string
  phone: string
  email: string
}

const DEFAULT_BUYER: Buyer = { fio: 'Иван Сидоров', phone: '+79123456789', email: 'ivan@example.ru' }

/** Creates a general-admission order of `quantity` tickets of the walk through the real API; answers its hash. */
export async function createWalkOrder(app: AppHarness, quantity: number, buyer: Buyer = DEFAULT_BUYER, api: ApiClient = visitorApi(app)): Promise<string> {
  const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
  const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === WALK)
  if (event === undefined) throw new Error(`demo event "${WALK}" is missing`)
  const data = await api.call('noScheme', { hash: event.hash_id })
  const day = data.calendar[0]
  const slot = day.times.find((x) => x.quantity >= quantity)!
  const row = data.price.find((p) => p.action_day === day.day && p.time === slot.time && p.useproculture !== 1)!
  const created = await api.call('orderCreate', {
    ...buyer, lang: 'ru', hash: event.hash_id,
    data: [{ day: day.day, time: slot.time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity, sum: ticketTotals([{ row, quantity }]).total }],
    checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  return created.hash
}

/** The demo's named-ticket event (writeticketname = 1): an adult and a child category. */
const ARCHIVE = 'Закрытые фонды музея'

/**
 * Places an order of one named adult and one named child ticket of the archive as a visitor of its
 * own address (the per-address order limit and captcha stay out of the way); answers its hash.
 */
export async function createNamedOrder(app: AppHarness): Promise<string> {
  const api = visitorApi(app)
  const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
  const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === ARCHIVE)
  if (event === undefined) throw new Error(`demo event "${ARCHIVE}" is missing`)
  const data = await api.call('noScheme', { hash: event.hash_id })
  const day = data.calendar[0]
  const slot = day.times[0]
  const rows = data.price.filter((p) => p.action_day === day.day && p.time === slot.time)
  const adult = rows.find((p) => p.category_ru === 'Именной взрослый')!
  const child = rows.find((p) => p.category_ru === 'Именной детский')!
  const line = (p: typeof adult) => ({ day: day.day, time: slot.time, actionId: p.action_id, categoryId: p.clientcategory_id, zoneId: p.zonelevel_id, quantity: 1, sum: ticketTotals([{ row: p, quantity: 1 }]).total })
  const created = await api.call('orderCreate', {
    fio: 'Анна Иванова', phone: '+79123456789', email: 'anna@example.ru', re_email: 'anna@example.ru', lang: 'ru', hash: event.hash_id,
    data: [line(adult), line(child)],
    checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  return created.hash
}

/** Chooses a payment type on the order page by its label and pays, skipping the offers question when it comes. */
export async function payWith(page: Page, label: string): Promise<void> {
  await page.locator('.order-pay__type label').getByText(label, { exact: true }).click()
  await page.locator('.order-pay__submit').click()
  const confirm = page.locator('dialog.modal--confirm[open]')
  if (await confirm.count() > 0) await confirm.locator('.button:not(.button--primary)').click()
}
