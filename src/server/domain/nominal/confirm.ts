import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import type { confirmNominalRequestSchema } from '../../../contract/entities/nominal'
import { ageOn, consentsPass, parseBirthDate, validateVisitor, zipVisitorColumns, type VisitorContext, type VisitorEntry } from '../../../contract/rules/nominal'
import type { z } from 'zod'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { queueTicketMail, type QueuedTicketMail } from '../../mail/ticket-mail'
import { fieldNames } from '../../messages'
import { confirmOrder, lockOrder } from '../orders/order.repository'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { confirmExpired } from './deadline'
import * as repo from './repository'
import { venueTimeZone } from '../../venue-time'

type ConfirmInput = z.output<typeof confirmNominalRequestSchema>

/** The visitor columns of one order line, only what its category asks (the rest is cleared). */
type LineVisitor = repo.LineVisitorColumns

async function visitorContext(db: Db, now: Date): Promise<VisitorContext> {
  const [docTypes, countries, regions] = await Promise.all([repo.listDocTypes(db), repo.listCountries(db), repo.listRegions(db)])
  const regionsByCountry = new Map<number, number[]>(countries.map((c) => [c.id, []]))
  for (const r of regions) regionsByCountry.get(r.country_id)?.push(r.id)
  // A holder's age counts by the venue's calendar day, not UTC's (the night after midnight there).
  return { now, timeZone: venueTimeZone(), docTypeIds: new Set(docTypes.map((d) => d.id)), regionsByCountry }
}

/** 'dd.mm.yyyy' → 'yyyy-mm-dd' (stored sortable); the entry was validated before. */
function isoDate(ddmmyyyy: string): string {
  const b = parseBirthDate(ddmmyyyy)!
  return `${b.year}-${String(b.month).padStart(2, '0')}-${String(b.day).padStart(2, '0')}`
}

function toLineVisitor(v: VisitorEntry, line: repo.NominalLine, ctx: VisitorContext): LineVisitor {
  const country = line.needcountry === 1 || line.needregion === 1 ? v.countryId : null
  const regions = country === null ? [] : (ctx.regionsByCountry.get(country) ?? [])
  // A country with one region needs no choice: that region is the visitor's.
  const region = line.needregion === 1 && country !== null ? (v.regionId !== null && regions.includes(v.regionId) ? v.regionId : regions.length === 1 ? regions[0] : null) : null
  const birth = line.needage === 2 ? parseBirthDate(v.date) : null
  return {
    person_surname: v.surname,
    person_name: v.name,
    person_middle_name: v.middleName,
    age: line.needage === 1 ? Number(v.age) : birth ? ageOn(birth, ctx.now, ctx.timeZone) : null,
    birth_date: birth ? isoDate(v.date) : '',
    document_type_id: line.needdocument === 1 ? v.docTypeId : null,
    doc_num: line.needdocument === 1 ? v.docNum : '',
    country_id: country !== null && ctx.regionsByCountry.has(country) ? country : null,
    region_id: region,
  }
}

/**
 * POST /api/confirm-nominal. Every entry is checked again here with the contract's rules and
 * the line's own category flags (read from the database, never from the client); the ids must
 * be exactly the order's tickets not returned (every ticket returned → UNAVAILABLE); the
 * required consents must be ticked. Then, under the order's
 * lock, the visitor data is written per line and the order is confirmed (status 20).
 *
 * Refusals: unknown order → NOT_FOUND; cancelled (status 90) or, unpaid, past its reserve time →
 * UNAVAILABLE (a paid order has no deadline, see deadline.ts); already confirmed → BAD_REQUEST with status 409 (we refuse rather than answer
 * success again, so data of a confirmed order can never be overwritten). Nothing changes on
 * any refusal.
 *
 * A paid order (free, or paid before its names) is due its tickets e-mail now: it is queued in
 * the same transaction (mail/ticket-mail.ts) and answered with the hash, for the caller to give
 * its first attempt after the commit (null: none is due, the order unpaid or without an e-mail).
 * It commits through `gate` (orders/commit-gate.ts): a request answered "busy" confirms nothing.
 * `record` writes the caller's own row of the change (order care's audit row) in the same
 * transaction, so the names and their record commit or roll back together.
 */
export async function confirmNominal(
  db: Db,
  input: ConfirmInput,
  now = Date.now(),
  gate: CommitGate = clockGate(now),
  record?: (trx: Db, orderId: number) => Promise<void>,
): Promise<{ hash: string; ticketMail: QueuedTicketMail | null }> {
  const entries = zipVisitorColumns(input)
  if (entries === null) throw new ApiFailure('nominal-columns')
  const ctx = await visitorContext(db, new Date(now))
  const checkboxes = await repo.listNominalCheckboxes(db)

  return inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, input.hash)
    if (!order) throw new ApiFailure('order-not-found', { hash: input.hash })
    if (order.status === ORDER_STATUS_CONFIRMED) throw new ApiFailure('nominal-confirmed')
    if (order.status === ORDER_STATUS_CANCELLED) throw new ApiFailure('nominal-cancelled')
    if (confirmExpired(order, now)) throw new ApiFailure('nominal-expired')

    // The lines still to be named: returned ones are left out, and an order with none left has no holder to name.
    const lines = await repo.listNominalLines(trx, order.id)
    if (lines.length === 0) throw new ApiFailure('nominal-returned')
    const byId = new Map(lines.map((l) => [l.id, l]))
    const sent = new Set(entries.map((e) => e.id))
    if (entries.length !== lines.length || sent.size !== lines.length || !entries.every((e) => byId.has(e.id))) throw new ApiFailure('nominal-tickets')

    const updates: [number, LineVisitor][] = []
    for (const [i, line] of lines.entries()) {
      const entry = entries.find((e) => e.id === line.id)!
      const errors = validateVisitor(entry, line, ctx)
      if (errors.length > 0) throw new ApiFailure('nominal-ticket', { n: i + 1, fields: fieldNames(errors.map((e) => e.field)) })
      updates.push([line.id, toLineVisitor(entry, line, ctx)])
    }
    if (!consentsPass(checkboxes, input.checkboxList)) throw new ApiFailure('nominal-consent')

    for (const [id, v] of updates) await repo.writeLineVisitor(trx, id, v)
    await confirmOrder(trx, order.id, now)
    await record?.(trx, order.id)
    const ticketMail = order.paid === 1 ? await queueTicketMail(trx, { ...order, status: ORDER_STATUS_CONFIRMED }, now) : null
    return { hash: order.hash, ticketMail }
  })
}
