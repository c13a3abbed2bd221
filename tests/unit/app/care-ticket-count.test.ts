import { describe, expect, it } from 'vitest'
import { ticketCountText } from '../../../src/app/admin/careTexts'

/** An order's ticket count in the console (order care, the sales list): held tickets, the returned ones apart. */
describe('ticketCountText', () => {
  it('says the tickets held, and how many were returned only when some were, in each language', () => {
    expect(ticketCountText({ tickets: 3, returned_tickets: 0 }, 'en')).toBe('3')
    expect(ticketCountText({ tickets: 1, returned_tickets: 2 }, 'en')).toBe('1 (returned: 2)')
    expect(ticketCountText({ tickets: 1, returned_tickets: 2 }, 'ru')).toBe('1 (возвращено: 2)')
    expect(ticketCountText({ tickets: 0, returned_tickets: 2 }, 'kz')).toBe('0 (қайтарылды: 2)')
    expect(ticketCountText({ tickets: 0, returned_tickets: 2 }, 'ch')).toBe('0（已退票：2）')
  })
})
