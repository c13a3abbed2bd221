import { describe, expect, it } from 'vitest'
import { Inertia } from '../../../src/engine/input/Inertia'
import { InputManager } from '../../../src/engine/input/InputManager'
import { mergeDeltas } from '../../../src/engine/input/types'
import { MAX_WHEEL_ZOOM_PER_FRAME, WHEEL_DEBOUNCE_MS, WHEEL_PX_PER_ZOOM_LEVEL, WheelHandler } from '../../../src/engine/input/WheelHandler'
import { pinchDelta } from '../../../src/engine/interaction/states'
import { InteractionMachine } from '../../../src/engine/interaction/StateMachine'
import type { InputDelta, Point } from '../../../src/engine/input/types'

describe('input merging', () => {
  it('adds pans and zooms and keeps the last anchor', () => {
    const m = mergeDeltas([{ panDelta: { x: 1, y: 2 } }, { zoomDelta: 0.5, around: { x: 10, y: 10 } }, { panDelta: { x: 3, y: -1 }, zoomDelta: 0.25, around: { x: 5, y: 6 } }])
    expect(m).toEqual({ panDelta: { x: 4, y: 1 }, zoomDelta: 0.75, around: { x: 5, y: 6 } })
    expect(mergeDeltas([])).toEqual({})
  })

  it('the manager hands out one merged delta per frame, then nothing', () => {
    const wheel = new WheelHandler()
    const mgr = new InputManager([wheel])
    mgr.push({ panDelta: { x: 5, y: 0 } })
    mgr.push({ panDelta: { x: 5, y: 0 } })
    wheel.onWheel(-WHEEL_PX_PER_ZOOM_LEVEL / 2, 0, false, { x: 7, y: 8 }, 0)
    wheel.onWheel(-WHEEL_PX_PER_ZOOM_LEVEL / 2, 0, false, { x: 9, y: 8 }, 1)
    const f = mgr.takeFrame(16)
    expect(f?.panDelta).toEqual({ x: 10, y: 0 })
    expect(f?.zoomDelta).toBeCloseTo(1)
    expect(f?.around).toEqual({ x: 9, y: 8 })
    expect(mgr.takeFrame(32)).toBeNull()
  })

  it('wheel zoom accumulates per frame, caps each frame and carries the rest', () => {
    const wheel = new WheelHandler()
    wheel.onWheel(-WHEEL_PX_PER_ZOOM_LEVEL * 3, 0, false, { x: 0, y: 0 }, 0)
    const a = wheel.renderFrame()
    expect(a?.zoomDelta).toBe(MAX_WHEEL_ZOOM_PER_FRAME)
    expect(a?.needsFrame).toBe(true)
    wheel.renderFrame()
    const c = wheel.renderFrame()
    expect(c?.zoomDelta).toBeCloseTo(1)
    expect(c?.needsFrame).toBe(false)
    expect(wheel.renderFrame()).toBeNull()
    expect(wheel.isActive(WHEEL_DEBOUNCE_MS - 1)).toBe(true)
    expect(wheel.isActive(WHEEL_DEBOUNCE_MS + 1)).toBe(false)
  })

  it('line-mode wheel deltas count as 40 px lines; scrolling down zooms out', () => {
    const wheel = new WheelHandler()
    wheel.onWheel(3, 1, false, { x: 0, y: 0 }, 0)
    expect(wheel.renderFrame()?.zoomDelta).toBeCloseTo(-120 / WHEEL_PX_PER_ZOOM_LEVEL)
  })

  it('pinch: log2 of the finger distance ratio, anchored at the centroid', () => {
    const d = pinchDelta({ x: 0, y: 0 }, { x: 100, y: 0 }, { x: -50, y: 0 }, { x: 100, y: 0 })
    expect(d.zoomDelta).toBeCloseTo(Math.log2(1.5))
    expect(d.around).toEqual({ x: 25, y: 0 })
    expect(d.panDelta).toEqual({ x: -25, y: 0 })
  })

  it('inertia keeps panning after a fast release and decays to a stop', () => {
    const inertia = new Inertia()
    for (let t = 0; t <= 50; t += 10) inertia.record({ x: t * 2, y: 0 }, t)
    expect(inertia.release(50)).toBe(true)
    let total = 0
    let frames = 0
    for (let t = 66; inertia.active && frames < 1000; t += 16, frames++) total += inertia.renderFrame(t)?.panDelta?.x ?? 0
    expect(total).toBeGreaterThan(50)
    expect(inertia.active).toBe(false)
    expect(frames).toBeLessThan(1000)
  })

  it('a slow release does not glide', () => {
    const inertia = new Inertia()
    inertia.record({ x: 0, y: 0 }, 0)
    inertia.record({ x: 0.5, y: 0 }, 90)
    expect(inertia.release(90)).toBe(false)
  })
})

describe('interaction states', () => {
  function machine() {
    const deltas: InputDelta[] = []
    const taps: Point[] = []
    const m = new InteractionMachine({
      pushDelta: (d) => deltas.push(d),
      tap: (p) => taps.push(p),
      hover: () => {},
      dragStart: () => {},
      dragMove: () => {},
      dragEnd: () => {},
    })
    return { m, deltas, taps }
  }

  it('press and release without moving is a tap', () => {
    const { m, deltas, taps } = machine()
    m.down(1, 10, 10, 'mouse', 0)
    expect(m.state).toBe('pointing')
    m.move(1, 12, 11, 'mouse', 5)
    m.up(1, 12, 11, 10)
    expect(m.state).toBe('idle')
    expect(taps).toEqual([{ x: 12, y: 11 }])
    expect(deltas).toEqual([])
  })

  it('moving past the slop pans, with the travelled distance included', () => {
    const { m, deltas, taps } = machine()
    m.down(1, 10, 10, 'mouse', 0)
    m.move(1, 30, 10, 'mouse', 5)
    expect(m.state).toBe('panning')
    m.move(1, 40, 15, 'mouse', 10)
    m.up(1, 40, 15, 20)
    expect(taps).toEqual([])
    expect(mergeDeltas(deltas).panDelta).toEqual({ x: 30, y: 5 })
    expect(m.state).toBe('idle')
  })

  it('a second finger pinches; lifting one goes back to panning', () => {
    const { m, deltas } = machine()
    m.down(1, 100, 100, 'touch', 0)
    m.down(2, 200, 100, 'touch', 1)
    expect(m.state).toBe('pinching')
    m.move(2, 300, 100, 'touch', 10)
    const z = mergeDeltas(deltas).zoomDelta ?? 0
    expect(z).toBeCloseTo(1)
    m.up(2, 300, 100, 20)
    expect(m.state).toBe('panning')
    m.up(1, 100, 100, 30)
    expect(m.state).toBe('idle')
  })
})
