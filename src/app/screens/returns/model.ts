import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE } from '../../../contract/constants'
import type { ReturnRow } from '../../../contract/entities/returns'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { addMajor } from '../../../contract/rules/money'

/** Rows of one event session on the return page, with its deadline. */
export interface ReturnGroup {
  key: string
  action: string
  day: string
  time: string
  /** 'YYYY-MM-DD HH:MM:SS', GMT+03:00. */
  deadline: string
  /** Seconds left to the deadline when the data was loaded. */
  leftAtLoad: number
  rows: ReturnRow[]
}

/** Groups rows per event and session (action_id, day, time), in the server's order. */
export function groupRows(rows: readonly ReturnRow[], lang: Lang): ReturnGroup[] {
  const out = new Map<string, ReturnGroup>()
  for (const r of rows) {
    const key = `${r.action_id}:${r.day}:${r.time}`
    const g = out.get(key)
    if (g) g.rows.push(r)
    else out.set(key, { key, action: pickLocalized(r, 'action', lang), day: r.day, time: r.time, deadline: r.returndatime, leftAtLoad: r.returnleft, rows: [r] })
  }
  return [...out.values()]
}

export const isConfirmed = (r: Pick<ReturnRow, 'status_id'>) => r.status_id === RETURN_STATUS_CONFIRMED || r.status_id === RETURN_STATUS_CONFIRMED_FINAL
export const isPending = (r: Pick<ReturnRow, 'status_id'>) => r.status_id === RETURN_STATUS_NOT_CONFIRMED
export const isReturnable = (r: Pick<ReturnRow, 'status_id'>) => r.status_id === RETURN_STATUS_RETURNABLE

/** The form footer hides when every row's return is confirmed (001 §4). */
export function allConfirmed(rows: readonly ReturnRow[]): boolean {
  return rows.length > 0 && rows.every(isConfirmed)
}

/**
 * Returns of the order are closed: some ticket is not returned, yet none can be asked for (each
 * is past its return deadline) and none waits for a confirmation. The page then says so instead
 * of a form whose hint asks to tick a ticket none can be ticked.
 */
export function returnsClosed(rows: readonly ReturnRow[]): boolean {
  return rows.some((r) => !isConfirmed(r)) && !rows.some((r) => isPending(r) || (isReturnable(r) && r.returnleft > 0))
}

/** Tickets and refund of a selection (amounts summed in cents). */
export function selectionTotals(rows: readonly ReturnRow[], selected: ReadonlySet<number>): { tickets: number; sum: number } {
  const chosen = rows.filter((r) => selected.has(r.id))
  return { tickets: chosen.reduce((n, r) => n + r.quant, 0), sum: addMajor(chosen.map((r) => r.summa)) }
}

/** 'Issue refund' needs at least one ticket, a reason and consent (001 §5). */
export function canIssue(selected: number, reason: number | null, consent: boolean): boolean {
  return selected > 0 && reason !== null && consent
}

/** The link's hash_conf when it is a plausible one (longer than 5 characters, 001 §9). */
export function hashConfFromSearch(search: string, minLength: number): string | null {
  const v = new URLSearchParams(search).get('hash_conf')
  return v !== null && v.length >= minLength && /^[A-Za-z0-9_-]+$/.test(v) ? v : null
}

const SECONDS_PER_DAY = 86_400

/** Splits seconds into whole days and the rest (for "2 days 03:04:05"). */
export function splitDays(seconds: number): { days: number; rest: number } {
  const s = Math.max(0, Math.floor(seconds))
  return { days: Math.floor(s / SECONDS_PER_DAY), rest: s % SECONDS_PER_DAY }
}
