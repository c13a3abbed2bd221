/**
 * Minimal pan/zoom for the benchmark baselines (SVG in the DOM, naive Pixi): wheel zoom at the
 * cursor, drag pan and two-finger pinch, applied straight away on each event, as a
 * straightforward implementation would. Not used by the engine.
 */
export interface View {
  x: number
  y: number
  k: number
}

export const BASELINE_WHEEL_PX_PER_DOUBLING = 450

export function attachPanZoom(el: HTMLElement, view: View, apply: () => void): () => void {
  el.style.touchAction = 'none'
  const pointers = new Map<number, { x: number; y: number }>()
  const zoomAt = (px: number, py: number, factor: number) => {
    view.x = px - (px - view.x) * factor
    view.y = py - (py - view.y) * factor
    view.k *= factor
  }
  const onWheel = (e: WheelEvent) => {
    e.preventDefault()
    const r = el.getBoundingClientRect()
    zoomAt(e.clientX - r.left, e.clientY - r.top, Math.pow(2, -e.deltaY / BASELINE_WHEEL_PX_PER_DOUBLING))
    apply()
  }
  const onDown = (e: PointerEvent) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY })
  }
  const onMove = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId)
    if (!p) return
    if (pointers.size === 1) {
      view.x += e.clientX - p.x
      view.y += e.clientY - p.y
    } else {
      const other = [...pointers.entries()].find(([id]) => id !== e.pointerId)?.[1]
      if (other) {
        const d0 = Math.hypot(p.x - other.x, p.y - other.y)
        const d1 = Math.hypot(e.clientX - other.x, e.clientY - other.y)
        const r = el.getBoundingClientRect()
        view.x += (e.clientX - p.x) / 2
        view.y += (e.clientY - p.y) / 2
        if (d0 > 0) zoomAt((e.clientX + other.x) / 2 - r.left, (e.clientY + other.y) / 2 - r.top, d1 / d0)
      }
    }
    p.x = e.clientX
    p.y = e.clientY
    apply()
  }
  const onUp = (e: PointerEvent) => {
    pointers.delete(e.pointerId)
  }
  el.addEventListener('wheel', onWheel, { passive: false })
  el.addEventListener('pointerdown', onDown)
  el.addEventListener('pointermove', onMove)
  el.addEventListener('pointerup', onUp)
  el.addEventListener('pointercancel', onUp)
  return () => {
    el.removeEventListener('wheel', onWheel)
    el.removeEventListener('pointerdown', onDown)
    el.removeEventListener('pointermove', onMove)
    el.removeEventListener('pointerup', onUp)
    el.removeEventListener('pointercancel', onUp)
  }
}

export function fitView(bbox: readonly number[], width: number, height: number): View {
  const k = Math.min(width / (bbox[2] - bbox[0]), height / (bbox[3] - bbox[1])) * 0.9
  return { k, x: width / 2 - ((bbox[0] + bbox[2]) / 2) * k, y: height / 2 - ((bbox[1] + bbox[3]) / 2) * k }
}

/** Fits `bbox` into `host` and pans/zooms the SVG group `g` by its transform attribute (both SVG baselines). */
export function panZoomSvgGroup(host: HTMLElement, g: SVGGElement, bbox: readonly number[]): void {
  const r = host.getBoundingClientRect()
  const view = fitView(bbox, r.width, r.height)
  const apply = () => g.setAttribute('transform', `translate(${view.x} ${view.y}) scale(${view.k})`)
  apply()
  attachPanZoom(host, view, apply)
}
