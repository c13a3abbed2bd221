import { directionFromKey, nearestInDirection } from './keyboardNav'
import type { SeatQuery } from '../spatial/SeatGrid'
import type { VenueSeats } from '../model'

/**
 * Keyboard access to the map: the container is focusable (Tab into the map); arrows move the
 * focused seat to the nearest one in that direction, Enter/Space toggles it, + / - / 0 zoom.
 */

/** First search radius around the focused seat, in seat sizes; doubled until something is found. */
export const KEY_NAV_START_RADIUS_SEATS = 4
/** Give up widening after this many doublings (then the whole venue has been covered anyway). */
export const KEY_NAV_MAX_DOUBLINGS = 16

export interface KeyboardActions {
  focused(): number
  setFocus(index: number): void
  /** Seat nearest the centre of the view, for the first arrow press. */
  seatNearViewCenter(): number
  activate(index: number): void
  zoomIn(): void
  zoomOut(): void
  reset(): void
  escape(): void
}

export function findSeatInDirection(seats: VenueSeats, query: SeatQuery, maxHalf: number, from: number, key: string, bounds: readonly number[]): number {
  const dir = directionFromKey(key)
  if (!dir) return -1
  const span = Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1])
  let r = Math.max(maxHalf * 2 * KEY_NAV_START_RADIUS_SEATS, 1e-6)
  const x = seats.x[from]
  const y = seats.y[from]
  for (let k = 0; k <= KEY_NAV_MAX_DOUBLINGS; k++) {
    const candidates = query.search(x - r, y - r, x + r, y + r)
    const best = nearestInDirection(seats.x, seats.y, from, dir, candidates)
    if (best >= 0) return best
    if (r > span) break
    r *= 2
  }
  return -1
}

export class KeyboardController {
  private readonly handler: (e: KeyboardEvent) => void

  constructor(
    private readonly el: HTMLElement,
    actions: KeyboardActions,
    move: (from: number, key: string) => number,
  ) {
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0
    this.handler = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return
      switch (e.key) {
        case 'ArrowLeft':
        case 'ArrowRight':
        case 'ArrowUp':
        case 'ArrowDown': {
          e.preventDefault()
          const cur = actions.focused()
          const next = cur < 0 ? actions.seatNearViewCenter() : move(cur, e.key)
          if (next >= 0) actions.setFocus(next)
          break
        }
        case 'Enter':
        case ' ': {
          const cur = actions.focused()
          if (cur >= 0) {
            e.preventDefault()
            actions.activate(cur)
          }
          break
        }
        case '+':
        case '=':
          e.preventDefault()
          actions.zoomIn()
          break
        case '-':
          e.preventDefault()
          actions.zoomOut()
          break
        case '0':
          e.preventDefault()
          actions.reset()
          break
        case 'Escape':
          actions.escape()
          break
      }
    }
    el.addEventListener('keydown', this.handler)
  }

  dispose(): void {
    this.el.removeEventListener('keydown', this.handler)
  }
}
