import { describe, expect, it } from 'vitest'
import { noteSchemeLanding, takeSchemeLanding } from '../../../src/app/seatmap/prestart'

/**
 * The map's init delay (001 §9, 200 ms) counts from when the scheme screen began showing: for the
 * page a visitor lands on, the navigation itself (the entry notes it before the app exists), once;
 * a scheme screen opened later in the same page counts from its own mount.
 */
describe('the scheme landing time', () => {
  it('is the navigation (0), for the first scheme screen only, and nothing without a landing', () => {
    expect(takeSchemeLanding()).toBeNull()
    noteSchemeLanding()
    expect(takeSchemeLanding()).toBe(0)
    expect(takeSchemeLanding()).toBeNull()
  })
})
