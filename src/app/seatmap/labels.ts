import type { SeatStatus } from '../../engine/model'

/** Texts of the seat map chrome; the app passes translated ones, these English ones are the fallback. */
export interface SeatMapLabels {
  mapLabel: string
  keyboardHelp: string
  zoomGroup: string
  zoomIn: string
  zoomOut: string
  reset: string
  showList: string
  hideList: string
  listTitle: string
  sector: string
  row: string
  seat: string
  category: string
  price: string
  close: string
  /** Between the parts of a seat's spoken line and list entry: ', ', Chinese full-width '，'. */
  comma: string
  status: Record<SeatStatus, string>
}

export const DEFAULT_SEATMAP_LABELS: SeatMapLabels = {
  mapLabel: 'Seat map',
  keyboardHelp: 'Arrow keys move between seats, Enter or Space selects the seat, plus and minus zoom, 0 resets the view.',
  zoomGroup: 'Zoom',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  reset: 'Reset zoom',
  showList: 'Seat list',
  hideList: 'Hide list',
  listTitle: 'Seats by section and row',
  sector: 'Sector',
  row: 'Row',
  seat: 'Seat',
  category: 'Category',
  price: 'Price',
  close: 'Close',
  comma: ', ',
  status: { 0: 'Free', 1: 'Selected', 2: 'Held', 3: 'Sold', 4: 'Unavailable', 5: 'Filtered out' },
}
