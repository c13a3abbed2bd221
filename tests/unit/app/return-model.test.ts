import { describe, expect, it } from 'vitest'
import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE } from '../../../src/contract/constants'
import type { ReturnRow } from '../../../src/contract/entities/returns'
import { sameInAll } from '../../../src/contract/lang'
import { canAskAny, isSelectable, linkOutcome, linkPending, returnsClosed, rowView, timeLeftText } from '../../../src/app/screens/returns/model'

function row(id: number, status_id: number, returnleft: number, admitted = false): ReturnRow {
  return {
    admitted,
    id, ord_num: 1, datime: '2026-12-01 10:00:00', owner_name: 'Ivan', visitor_name: '', email: 'i@example.org', phone: '', status_id, quant: 1, summa: 1650, sortnum: id,
    returndatime: '2026-12-04 16:00:00', returnleft, returnreason_id: null, action_id: 1, ...sameInAll('name', 'Adult'), ...sameInAll('action', 'Walk'), day: '2026-12-04', time: '19:00', zonelevel: '',
  }
}

/** When the return page says returns of the order are closed instead of offering its form (screens/returns/model.ts). */
describe('returnsClosed', () => {
  it('is closed once every ticket kept is past its deadline, and only then', () => {
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 0), row(2, RETURN_STATUS_RETURNABLE, 0)])).toBe('expired')
    // Some returned, the rest past the deadline: closed too.
    expect(returnsClosed([row(1, RETURN_STATUS_CONFIRMED, 0), row(2, RETURN_STATUS_RETURNABLE, 0)])).toBe('expired')
    // A ticket still in time: the form stays.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 0), row(2, RETURN_STATUS_RETURNABLE, 60)])).toBeNull()
    // A ticket waiting for its confirmation: its link may still confirm it.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 0), row(2, RETURN_STATUS_NOT_CONFIRMED, 60)])).toBeNull()
    // Everything returned: the page says so instead ('all-returned'); no rows: nothing to say.
    expect(returnsClosed([row(1, RETURN_STATUS_CONFIRMED, 0)])).toBeNull()
    expect(returnsClosed([])).toBeNull()
  })

  it('counts a ticket used at the door as one that cannot be asked for, and says so when only the door is to blame', () => {
    // In time but admitted: nothing can be asked for; not the deadline's fault.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 60, true)])).toBe('used')
    expect(returnsClosed([row(1, RETURN_STATUS_CONFIRMED, 0), row(2, RETURN_STATUS_RETURNABLE, 60, true)])).toBe('used')
    // One used, one past its deadline: the deadline closed the other.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 60, true), row(2, RETURN_STATUS_RETURNABLE, 0)])).toBe('expired')
    // One used, one still in time: the form stays for that one.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 60, true), row(2, RETURN_STATUS_RETURNABLE, 60)])).toBeNull()
  })
})

/** Which rows may be ticked, and how the first cell shows each. */
describe('row state', () => {
  it('disables a ticket admitted at the door and says why, keeps the others as they were', () => {
    expect(rowView(row(1, RETURN_STATUS_RETURNABLE, 60))).toBe('select')
    expect(rowView(row(1, RETURN_STATUS_RETURNABLE, 60, true))).toBe('used')
    // Past its deadline it is still 'used': the reason that matters to the visitor.
    expect(rowView(row(1, RETURN_STATUS_RETURNABLE, 0, true))).toBe('used')
    // Returned or waiting: its return status, admitted or not (order care may refund a used ticket).
    expect(rowView(row(1, RETURN_STATUS_CONFIRMED, 0, true))).toBe('status')
    expect(rowView(row(1, RETURN_STATUS_NOT_CONFIRMED, 60))).toBe('status')
    expect(isSelectable(row(1, RETURN_STATUS_RETURNABLE, 60, true))).toBe(false)
    expect(isSelectable(row(1, RETURN_STATUS_RETURNABLE, 60))).toBe(true)
    expect(canAskAny([row(1, RETURN_STATUS_RETURNABLE, 60, true), row(2, RETURN_STATUS_RETURNABLE, 0)])).toBe(false)
    expect(canAskAny([row(1, RETURN_STATUS_RETURNABLE, 60, true), row(2, RETURN_STATUS_RETURNABLE, 60)])).toBe(true)
  })
})

/** What the page says of the link it was opened from (the server's link_state). */
describe('linkOutcome', () => {
  it('tells each withdrawal apart instead of calling it expired', () => {
    expect(linkOutcome(null, undefined)).toBe('none')
    expect(linkOutcome('abcdef', undefined)).toBe('waiting')
    expect(linkOutcome('abcdef', 'waiting')).toBe('waiting')
    expect(linkOutcome('abcdef', 'late')).toBe('late')
    expect(linkOutcome('abcdef', 'used')).toBe('used')
    expect(linkOutcome('abcdef', 'refunded')).toBe('refunded')
    expect(linkOutcome('abcdef', 'expired')).toBe('inactive')
    expect(linkOutcome('abcdef', 'confirmed')).toBe('inactive')
    expect(linkOutcome('abcdef', 'unknown')).toBe('inactive')
  })
})

/** The return page's countdown (screens/returns/EventBlock.tsx): with days shown, the hours always are. */
/** The tickets a link confirms, whose sum the page shows and sends with 'Confirm' (the server refuses another sum). */
describe('linkPending', () => {
  it("keeps only the link's own waiting tickets when the server names them, every waiting one when not", () => {
    const rows = [row(1, RETURN_STATUS_NOT_CONFIRMED, 60), row(2, RETURN_STATUS_NOT_CONFIRMED, 60), row(3, RETURN_STATUS_RETURNABLE, 60), row(4, RETURN_STATUS_CONFIRMED, 0)]
    expect(linkPending(rows, [2]).map((r) => r.id)).toEqual([2])
    expect(linkPending(rows, undefined).map((r) => r.id)).toEqual([1, 2])
    // A named ticket no longer waiting (confirmed since) is not summed.
    expect(linkPending(rows, [2, 4]).map((r) => r.id)).toEqual([2])
  })
})

describe('timeLeftText', () => {
  const days = (count: number) => `${count} days`
  it('shows zero hours after the days, so minutes never read as hours', () => {
    // 4 days 0 h 47 min 54 s: once "4 days 47:54", read as 47 hours.
    expect(timeLeftText(4 * 86_400 + 47 * 60 + 54, days)).toBe('4 days 00:47:54')
    expect(timeLeftText(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, days)).toBe('2 days 03:04:05')
    expect(timeLeftText(86_400, days)).toBe('1 days 00:00:00')
    expect(timeLeftText(86_400 + 23 * 3600 + 59 * 60 + 59, days)).toBe('1 days 23:59:59')
  })
  it('under a day keeps the payment countdown form', () => {
    expect(timeLeftText(47 * 60 + 54, days)).toBe('47:54')
    expect(timeLeftText(3725, days)).toBe('1:02:05')
    expect(timeLeftText(0, days)).toBe('00:00')
  })
})
