import type { VenueData } from '../../src/engine/model'
import { panZoomSvgGroup } from './panZoom'

/**
 * Baseline (c): the venue's drawing itself, the SVG text the server serves, put into the DOM as
 * is (seat groups, paths, <use>, text numbers, styles), the way DOM seat maps show a venue.
 * Pan/zoom transforms one <g> around the drawing's content, as in the `svg` baseline. Costlier
 * than `svg` (which rebuilds only one circle or rect per seat from the parsed data), and closer
 * to what the issue calls "the same drawing rendered as plain SVG in the DOM".
 */
export function mountDrawingBaseline(host: HTMLElement, venue: VenueData, drawing: string): void {
  const NS = 'http://www.w3.org/2000/svg'
  host.innerHTML = drawing.replace(/^<\?xml[^>]*>\s*/, '')
  const svg = host.querySelector('svg')
  if (!svg) throw new Error('the drawing has no <svg> root')
  // Drawing units become CSS pixels under the pan/zoom group, as fitView expects.
  svg.removeAttribute('viewBox')
  svg.setAttribute('width', '100%')
  svg.setAttribute('height', '100%')
  svg.style.display = 'block'
  svg.style.background = '#f8fafc'
  const g = document.createElementNS(NS, 'g')
  for (const child of [...svg.childNodes]) if (!(child instanceof SVGDefsElement)) g.appendChild(child)
  svg.appendChild(g)
  panZoomSvgGroup(host, g, venue.bbox)
}
