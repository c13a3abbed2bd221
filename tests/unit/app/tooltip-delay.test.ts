import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TooltipDelay } from '../../../src/app/seatmap/tooltipDelay'
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS } from '../../../src/contract/constants'

describe('seat tooltip delays (issue 13 item 16: 1000 ms show, 400 ms hide)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows after the show delay, follows seats at once, hides after the hide delay', () => {
    const shown: (number | null)[] = []
    const d = new TooltipDelay<number>((v) => shown.push(v))
    expect([TOOLTIP_SHOW_DELAY_MS, TOOLTIP_HIDE_DELAY_MS]).toEqual([1000, 400])
    d.set(1)
    vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS - 1)
    expect(shown).toEqual([])
    vi.advanceTimersByTime(1)
    expect(shown).toEqual([1])
    d.set(2)
    expect(shown).toEqual([1, 2])
    d.set(null)
    vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS - 1)
    expect(shown).toEqual([1, 2])
    // Back on a seat within the hide delay: no flicker.
    d.set(3)
    expect(shown).toEqual([1, 2, 3])
    d.set(null)
    vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS)
    expect(shown).toEqual([1, 2, 3, null])
  })

  it('shows nothing for a pointer that only crosses seats', () => {
    const shown: (number | null)[] = []
    const d = new TooltipDelay<number>((v) => shown.push(v))
    d.set(1)
    vi.advanceTimersByTime(500)
    d.set(null)
    vi.advanceTimersByTime(5000)
    expect(shown).toEqual([])
    d.dispose()
  })
})
