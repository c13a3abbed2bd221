import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE, RETURN_TIMEZONE } from '../../../contract/constants'
import type { ReturnLinkState, ReturnRow } from '../../../contract/entities/returns'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { addMajor } from '../../../contract/rules/money'
import { formatCountdown } from '../order/model/countdown'

/** Rows of one event session on the return page, with its deadline. */
export interface ReturnGroup {
  key: string
  action: string
  day: string
  time: string
  /** 'YYYY-MM-DD HH:MM:SS' on the venue's clock. */
  deadline: string
  /** The deadline's zone as its offset, 'GMT+05:00' (the server's returnzone; the spec's GMT+03:00 when it sends none). */
  zone: string
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
    else out.set(key, { key, action: pickLocalized(r, 'action', lang), day: r.day, time: r.time, deadline: r.returndatime, zone: r.returnzone ?? RETURN_TIMEZONE, leftAtLoad: r.returnleft, rows: [r] })
  }
  return [...out.values()]
}

export const isConfirmed = (r: Pick<ReturnRow, 'status_id'>) => r.status_id === RETURN_STATUS_CONFIRMED || r.status_id === RETURN_STATUS_CONFIRMED_FINAL
export const isPending = (r: Pick<ReturnRow, 'status_id'>) => r.status_id === RETURN_STATUS_NOT_CONFIRMED
export const isReturnable = (r: Pick<ReturnRow, 'status_id'>) => r.status_id === RETURN_STATUS_RETURNABLE
/**
 * Whether the visitor may tick the row to ask for its return: not returned nor waiting, and not
 * admitted at the door (the server refuses a used ticket). The return deadline is judged apart,
 * per event, as it ticks.
 */
export const isSelectable = (r: Pick<ReturnRow, 'status_id' | 'admitted'>) => isReturnable(r) && !r.admitted

/**
 * How a ticket row's first cell shows it: 'select' a checkbox; 'used' a disabled checkbox with
 * the reason (admitted at the door: cannot be returned); 'status' its return status (waiting,
 * confirmed).
 */
export type RowView = 'select' | 'used' | 'status'
export function rowView(r: Pick<ReturnRow, 'status_id' | 'admitted'>): RowView {
  if (!isReturnable(r)) return 'status'
  return r.admitted ? 'used' : 'select'
}

/**
 * What the page says of the e-mailed link it was opened from (the server's link_state):
 * 'none' without a link; 'waiting' while its request may be confirmed (or the server did not
 * say); 'late' withdrawn at its return deadline; 'used' withdrawn because a ticket of it was
 * admitted at the door; 'refunded' withdrawn because its tickets were refunded otherwise (order
 * care, a session's cancellation); 'inactive' used already, expired or unknown: a new request
 * may be made.
 */
export type LinkOutcome = 'none' | 'waiting' | 'inactive' | 'late' | 'used' | 'refunded'
export function linkOutcome(hashConf: string | null, state: ReturnLinkState | undefined): LinkOutcome {
  if (hashConf === null) return 'none'
  switch (state) {
    case undefined:
    case 'waiting':
      return 'waiting'
    case 'late':
    case 'used':
    case 'refunded':
      return state
    case 'confirmed':
    case 'expired':
    case 'unknown':
      return 'inactive'
  }
}

/** The rows waiting for a confirmation that the link confirms: those of `linkRows` (the server's link_rows) when given, else every waiting row. */
export function linkPending(rows: readonly ReturnRow[], linkRows: readonly number[] | undefined): ReturnRow[] {
  const waiting = rows.filter(isPending)
  if (linkRows === undefined) return waiting
  const ids = new Set(linkRows)
  return waiting.filter((r) => ids.has(r.id))
}

/** The form footer hides when every row's return is confirmed (001 §4). */
export function allConfirmed(rows: readonly ReturnRow[]): boolean {
  return rows.length > 0 && rows.every(isConfirmed)
}

/** Some ticket can still be asked for: selectable and before its return deadline. */
export function canAskAny(rows: readonly ReturnRow[]): boolean {
  return rows.some((r) => isSelectable(r) && r.returnleft > 0)
}

/**
 * Returns of the order are closed: some ticket is not returned, yet none can be asked for (each
 * is past its return deadline or used at the door) and none waits for a confirmation. The page
 * then says so instead of a form whose hint asks to tick a ticket none can be ticked: 'used' when
 * every ticket kept was admitted at the door (no deadline is to blame), 'expired' otherwise;
 * null while returns are open.
 */
export function returnsClosed(rows: readonly ReturnRow[]): 'expired' | 'used' | null {
  const kept = rows.filter((r) => !isConfirmed(r))
  if (kept.length === 0 || kept.some(isPending) || canAskAny(rows)) return null
  return kept.every((r) => r.admitted) ? 'used' : 'expired'
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

/**
 * The time left to return (the return page's countdown): with days, the days (`daysText`, the
 * translated "4 days") and the rest with its hours always shown: "4 days 00:47:54", never
 * "4 days 47:54", which reads as 47 hours; under a day the payment countdown's form.
 */
export function timeLeftText(seconds: number, daysText: (count: number) => string): string {
  const { days, rest } = splitDays(seconds)
  return days > 0 ? `${daysText(days)} ${formatCountdown(rest, true)}` : formatCountdown(rest)
}
