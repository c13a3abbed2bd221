import { describe, expect, it } from 'vitest'
import { slidesPerView } from '../../../src/app/kernel/slider'
import { slidesByQueries } from '../../../src/app/kernel/useSlidesPerView'

/**
 * The date strip reads the viewport through one min-width media query per breakpoint
 * (useSlidesPerView.ts: window.innerWidth during a render forced a layout); what the queries say
 * must give the dates per view the width gives (slider.ts, 000 §9).
 */
describe('dates per view from the breakpoint media queries', () => {
  it('answers what the width answers, at and around every breakpoint', () => {
    for (const width of [0, 200, 319, 320, 321, 479, 480, 679, 680, 681, 767, 768, 1024, 2560]) {
      expect(slidesByQueries((minWidth) => width >= minWidth), `${width}px`).toBe(slidesPerView(width))
    }
  })

  it('shows 7 below the narrowest breakpoint and 4 on a desktop, as the spec says', () => {
    expect(slidesByQueries(() => false)).toBe(7)
    expect(slidesByQueries(() => true)).toBe(4)
  })
})
