import type { CheckboxAnswer } from '../../../../contract/entities/common'
import type { ConfirmNominalRequest, OrderDataResponse, OrderDataRow } from '../../../../contract/entities/nominal'
import type { Lang } from '../../../../contract/lang'
import type { FieldError } from '../../../../contract/rules/errors'
import { ageOn, birthDateWarns, normalizeDocNumber, parseBirthDate, validateVisitor, type VisitorContext, type VisitorEntry } from '../../../../contract/rules/nominal'
import { DOC_NUMBER_MAX } from '../../../../contract/constants'

/**
 * The named-ticket form's model (000 §5 "Named-ticket form"): one draft per ticket row, checked
 * with the contract's rules (the same the server runs again), and the confirm payload.
 */

/** What the visitor typed for one ticket; ids are null until chosen. */
export interface VisitorDraft {
  surname: string
  name: string
  middleName: string
  age: string
  date: string
  docTypeId: number | null
  docNum: string
  countryId: number | null
  regionId: number | null
}

export type DraftField = keyof VisitorDraft

export function emptyDraft(row: OrderDataRow): VisitorDraft {
  return { surname: '', name: '', middleName: '', age: '', date: '', docTypeId: null, docNum: '', countryId: row.country_id, regionId: null }
}

/** Region ids per country id (every country present, with [] when it has none). */
export function regionsByCountry(data: Pick<OrderDataResponse, 'countries' | 'regions'>): Map<number, number[]> {
  const out = new Map<number, number[]>(data.countries.map((c) => [c.id, []]))
  for (const r of data.regions) out.get(r.country_id)?.push(r.id)
  return out
}

/** The rules' context: `now` with the venue's zone (setup's time_zone), whose calendar day ages count by, as the server's do. */
export function visitorContext(data: OrderDataResponse, now: Date, timeZone: string): VisitorContext {
  return { now, timeZone, docTypeIds: new Set(data.docTypes.map((d) => d.id)), regionsByCountry: regionsByCountry(data) }
}

/** Trimmed values as the payload carries them (document number without spaces). */
export function toEntry(d: VisitorDraft): VisitorEntry {
  return {
    surname: d.surname.trim(),
    name: d.name.trim(),
    middleName: d.middleName.trim(),
    age: d.age.trim(),
    date: d.date.trim(),
    docTypeId: d.docTypeId,
    docNum: normalizeDocNumber(d.docNum),
    countryId: d.countryId,
    regionId: d.regionId,
  }
}

/** Field errors of one ticket against its row's flags. */
export function draftErrors(d: VisitorDraft, row: OrderDataRow, ctx: VisitorContext): FieldError[] {
  return validateVisitor(toEntry(d), row, ctx)
}

/** True when a well-formed birth date lies after today: the age is negative and submit is disabled (000 §4). */
export function isNegativeAge(date: string, now: Date, timeZone: string): boolean {
  const b = parseBirthDate(date)
  return b !== null && ageOn(b, now, timeZone) < 0
}

/** The 65+ advice (000 §5): shown for a valid birth date, never blocks. */
export function showsAgeWarning(row: OrderDataRow, d: VisitorDraft, now: Date, timeZone: string): boolean {
  return row.needage === 2 && birthDateWarns(d.date, now, timeZone)
}

/** A region choice is asked when needregion = 1 and the chosen country has more than one region. */
export function asksRegion(row: OrderDataRow, d: VisitorDraft, regions: ReadonlyMap<number, readonly number[]>): boolean {
  return row.needregion === 1 && d.countryId !== null && (regions.get(d.countryId)?.length ?? 0) > 1
}

/** Digits typed into the birth date, dotted as dd.mm.yyyy (at most 8 digits). */
export function maskBirthDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8)
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((p) => p !== '')
  return parts.join('.')
}

/** The document number as typed: spaces removed, at most DOC_NUMBER_MAX characters. */
export function cleanDocNumber(input: string): string {
  return normalizeDocNumber(input).slice(0, DOC_NUMBER_MAX)
}

/** The /api/confirm-nominal payload: parallel columns in the rows' order. */
export function confirmPayload(
  rows: readonly OrderDataRow[],
  drafts: readonly VisitorDraft[],
  hash: string,
  lang: Lang,
  checkboxList: CheckboxAnswer[],
): ConfirmNominalRequest {
  const entries = drafts.map(toEntry)
  return {
    id: rows.map((r) => r.id),
    docTypeId: entries.map((e, i) => (rows[i].needdocument === 1 ? e.docTypeId : null)),
    name: entries.map((e) => e.name),
    surname: entries.map((e) => e.surname),
    middleName: entries.map((e) => e.middleName),
    docNum: entries.map((e, i) => (rows[i].needdocument === 1 ? e.docNum : '')),
    age: entries.map((e, i) => (rows[i].needage === 1 ? e.age : '')),
    date: entries.map((e, i) => (rows[i].needage === 2 ? e.date : '')),
    countryId: entries.map((e, i) => (rows[i].needcountry === 1 || rows[i].needregion === 1 ? e.countryId : null)),
    regionId: entries.map((e, i) => (rows[i].needregion === 1 ? e.regionId : null)),
    hash,
    lang,
    checkboxList,
  }
}

/**
 * What the confirm section shows about time (000 §4, our reading for paid orders): an unpaid
 * order counts down its reserve time and is 'expired' at zero (the server refuses then); a paid
 * one keeps its seats and the server takes the names at any time, so no countdown and no expiry.
 */
export type ConfirmTimer = { kind: 'none' } | { kind: 'running'; seconds: number } | { kind: 'expired' }

export function confirmTimer(row: Pick<OrderDataRow, 'paid'>, secondsLeft: number): ConfirmTimer {
  if (row.paid === 1) return { kind: 'none' }
  return secondsLeft > 0 ? { kind: 'running', seconds: secondsLeft } : { kind: 'expired' }
}

const SECONDS_PER_DAY = 86_400
const SECONDS_PER_HOUR = 3600
const SECONDS_PER_MINUTE = 60

/** Seconds split into the countdown's days, hours, minutes and seconds (000 §4). */
export function splitCountdown(total: number): { days: number; hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(total))
  return {
    days: Math.floor(s / SECONDS_PER_DAY),
    hours: Math.floor((s % SECONDS_PER_DAY) / SECONDS_PER_HOUR),
    minutes: Math.floor((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE),
    seconds: s % SECONDS_PER_MINUTE,
  }
}
