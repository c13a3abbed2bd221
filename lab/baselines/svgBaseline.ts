import type { VenueData } from '../../src/engine/model'
import { seatRgba } from '../../src/engine/render/colors'
import { panZoomSvgGroup } from './panZoom'

/**
 * Baseline (a): the same seats as plain SVG elements in the DOM (one <circle>/<rect> per seat,
 * hover via CSS), the way a DOM seat map is usually built. Pan/zoom transforms one <g>.
 */
export function mountSvgBaseline(host: HTMLElement, venue: VenueData): void {
  const NS = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(NS, 'svg')
  svg.setAttribute('width', '100%')
  svg.setAttribute('height', '100%')
  svg.style.display = 'block'
  svg.style.background = '#f8fafc'
  const style = document.createElementNS(NS, 'style')
  style.textContent = '.s:hover{stroke:#111;stroke-width:.2}'
  svg.appendChild(style)
  const g = document.createElementNS(NS, 'g')
  const colors = venue.zones.map((z) => z.color)
  const s = venue.seats
  const parts: string[] = []
  for (let i = 0; i < s.count; i++) {
    const rgba = seatRgba(s.status[i], s.zone[i], colors)
    const fill = `#${(rgba >>> 8).toString(16).padStart(6, '0')}`
    if (s.shape[i] === 1) parts.push(`<rect class="s" x="${s.x[i] - s.w[i] / 2}" y="${s.y[i] - s.h[i] / 2}" width="${s.w[i]}" height="${s.h[i]}" fill="${fill}"/>`)
    else parts.push(`<circle class="s" cx="${s.x[i]}" cy="${s.y[i]}" r="${s.w[i] / 2}" fill="${fill}"/>`)
  }
  g.innerHTML = parts.join('')
  svg.appendChild(g)
  host.appendChild(svg)
  panZoomSvgGroup(host, g, venue.bbox)
}
