import { describe, expect, it } from 'vitest'
import { placePopover, POPOVER_HEIGHT, POPOVER_WIDTH } from '../../../src/engine/interaction/popover'
import { nearestInDirection } from '../../../src/engine/interaction/keyboardNav'
import { clickZoomsFirst, detailThreshold, detailZoom, LABEL_MIN_SEAT_PX, labelsFit, lodTier, MAX_SEAT_LABELS, MIN_SEAT_PX } from '../../../src/engine/lod/lod'
import { rgbaOf, seatRgba, SELECTED_COLOR, sectorTint, SECTOR_SOLD_OUT_COLOR } from '../../../src/engine/render/colors'
import { SeatStatus } from '../../../src/engine/model'

describe('level-of-detail tiers', () => {
  it('uses the spec default threshold of 500 % and caps metadata at 2000 %', () => {
    expect(detailThreshold()).toBe(5)
    expect(detailThreshold(800)).toBe(8)
    expect(detailThreshold(5000)).toBe(20)
    expect(detailThreshold(10)).toBe(1)
  })

  it('sectors below the threshold, seats past it, numbers once legible', () => {
    expect(lodTier(4.99, 5, 100)).toBe('sectors')
    expect(lodTier(5, 5, LABEL_MIN_SEAT_PX - 1)).toBe('seats')
    expect(lodTier(12, 5, LABEL_MIN_SEAT_PX)).toBe('numbers')
    expect(labelsFit(MAX_SEAT_LABELS)).toBe(true)
    expect(labelsFit(MAX_SEAT_LABELS + 1)).toBe(false)
    expect(lodTier(8, 5, MIN_SEAT_PX - 0.1)).toBe('sectors')
    expect(clickZoomsFirst(2, 5)).toBe(true)
    expect(clickZoomsFirst(5, 5)).toBe(false)
  })

  it('the detail zoom is the threshold, or where seats stop being specks', () => {
    expect(detailZoom(5, 2, 24)).toBe(5)
    expect(detailZoom(5, 0.2, 24)).toBeCloseTo(MIN_SEAT_PX / 0.2)
    expect(detailZoom(5, 0.01, 24)).toBe(24)
  })

  it('colours seats by zone and status, sectors by availability', () => {
    const zones = [0xff0000, 0x00ff00]
    expect(seatRgba(SeatStatus.Free, 1, zones)).toBe(rgbaOf(0x00ff00))
    expect(seatRgba(SeatStatus.Selected, 1, zones)).toBe(rgbaOf(SELECTED_COLOR))
    expect(seatRgba(SeatStatus.FilteredOut, 0, zones) & 0xff).toBeLessThan(255)
    expect(seatRgba(SeatStatus.Sold, 0, zones)).not.toBe(seatRgba(SeatStatus.Free, 0, zones))
    expect(sectorTint(0xff0000, 1)).toBe(0xff0000)
    expect(sectorTint(0xff0000, 0)).toBe(SECTOR_SOLD_OUT_COLOR)
  })
})

describe('popover placement', () => {
  const viewport = { width: 1000, height: 800 }
  it('prefers above the seat when there is room', () => {
    const p = placePopover({ anchor: { x: 500, y: 400, radius: 5 }, viewport })
    expect(p.side).toBe('top')
    expect(p.y + POPOVER_HEIGHT).toBeLessThanOrEqual(400 - 5)
    expect(p.x).toBeCloseTo(500 - POPOVER_WIDTH / 2)
  })

  it('goes below near the top edge, and sideways on desktop when neither fits', () => {
    expect(placePopover({ anchor: { x: 500, y: 20 }, viewport }).side).toBe('bottom')
    const short = { width: 1000, height: 200 }
    expect(placePopover({ anchor: { x: 100, y: 100 }, viewport: short }).side).toBe('right')
    expect(placePopover({ anchor: { x: 900, y: 100 }, viewport: short }).side).toBe('left')
  })

  it('on mobile only top or bottom, kept inside the viewport', () => {
    const phone = { width: 390, height: 300 }
    const p = placePopover({ anchor: { x: 380, y: 140 }, viewport: phone, mobile: true })
    expect(['top', 'bottom']).toContain(p.side)
    expect(p.x + POPOVER_WIDTH).toBeLessThanOrEqual(390)
    expect(p.x).toBeGreaterThanOrEqual(0)
  })
})

describe('keyboard nearest-seat navigation', () => {
  // Two rows of five seats, pitch 10; row 2 shifted by half a seat.
  const xs = [0, 10, 20, 30, 40, 5, 15, 25, 35, 45]
  const ys = [0, 0, 0, 0, 0, 12, 12, 12, 12, 12]
  const all = xs.map((_, i) => i)

  it('right and left walk along the row', () => {
    expect(nearestInDirection(xs, ys, 1, 'right', all)).toBe(2)
    expect(nearestInDirection(xs, ys, 1, 'left', all)).toBe(0)
    expect(nearestInDirection(xs, ys, 4, 'right', all)).toBe(-1)
  })

  it('down and up move to the nearest seat of the next row', () => {
    expect(nearestInDirection(xs, ys, 2, 'down', all)).toBe(6)
    expect(nearestInDirection(xs, ys, 7, 'up', all)).toBe(2)
    expect(nearestInDirection(xs, ys, 0, 'up', all)).toBe(-1)
  })

  it('skips seats the caller excludes', () => {
    expect(nearestInDirection(xs, ys, 1, 'right', all, (i) => i === 2)).toBe(3)
  })
})
