import { describe, expect, it } from 'vitest'
import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE } from '../../../src/contract/constants'
import type { ReturnRow } from '../../../src/contract/entities/returns'
import { sameInAll } from '../../../src/contract/lang'
import { returnsClosed } from '../../../src/app/screens/returns/model'

function row(id: number, status_id: number, returnleft: number): ReturnRow {
  return {
    id, ord_num: 1, datime: '2026-12-01 10:00:00', owner_name: 'Ivan', visitor_name: '', email: 'i@example.org', phone: '', status_id, quant: 1, summa: 1650, sortnum: id,
    returndatime: '2026-12-04 16:00:00', returnleft, returnreason_id: null, action_id: 1, ...sameInAll('name', 'Adult'), ...sameInAll('action', 'Walk'), day: '2026-12-04', time: '19:00', zonelevel: '',
  }
}

/** When the return page says returns of the order are closed instead of offering its form (screens/returns/model.ts). */
describe('returnsClosed', () => {
  it('is closed once every ticket kept is past its deadline, and only then', () => {
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 0), row(2, RETURN_STATUS_RETURNABLE, 0)])).toBe(true)
    // Some returned, the rest past the deadline: closed too.
    expect(returnsClosed([row(1, RETURN_STATUS_CONFIRMED, 0), row(2, RETURN_STATUS_RETURNABLE, 0)])).toBe(true)
    // A ticket still in time: the form stays.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 0), row(2, RETURN_STATUS_RETURNABLE, 60)])).toBe(false)
    // A ticket waiting for its confirmation: its link may still confirm it.
    expect(returnsClosed([row(1, RETURN_STATUS_RETURNABLE, 0), row(2, RETURN_STATUS_NOT_CONFIRMED, 60)])).toBe(false)
    // Everything returned: the page says so instead ('all-returned'); no rows: nothing to say.
    expect(returnsClosed([row(1, RETURN_STATUS_CONFIRMED, 0)])).toBe(false)
    expect(returnsClosed([])).toBe(false)
  })
})
