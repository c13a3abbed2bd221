import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { SeatMapCanvas } from '../src/app/seatmap/SeatMapCanvas'
import type { SeatMapEngineOptions } from '../src/engine/engineTypes'
import type { VenueData } from '../src/engine/model'
import type { SeatMapEngine } from '../src/engine/SeatMapEngine'

/** The lab's engine view: the app's React host of the map, full-screen. */
export interface EngineView {
  setVenue(venue: VenueData): void
}

export interface EngineViewOptions {
  engineOptions: SeatMapEngineOptions
  onEngine(engine: SeatMapEngine | null): void
  onSeatClick(index: number, engine: SeatMapEngine): void
}

const ZONE_PRICES = [5000, 3000, 1500]

/**
 * Renders inside startTransition: React then renders in 5 ms slices between tasks instead of one
 * block. Its first render of this tree was a 40-80 ms main-thread task here (most of it compiling
 * React's own functions on first call), counted by the benchmark as a long task during load.
 */
export function mountEngineView(host: HTMLElement, options: EngineViewOptions): EngineView {
  const root = createRoot(host)
  const render = (venue: VenueData | null) =>
    startTransition(() =>
      root.render(
        <SeatMapCanvas
          venue={venue}
          zonePrices={ZONE_PRICES}
          engineOptions={options.engineOptions}
          onSeatClick={(seat, engine) => options.onSeatClick(seat.index, engine)}
          onEngine={options.onEngine}
        />,
      ),
    )
  render(null)
  return { setVenue: render }
}
