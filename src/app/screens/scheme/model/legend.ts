import type { PriceRow } from '../../../../contract/entities/price'
import { pickLocalized, type Lang } from '../../../../contract/lang'

/** One entry of the price legend (001 §2 "Map parts"). */
export interface LegendEntry {
  zonelevel_id: number
  name: string
  /** The zone's colour as the price rows give it (#rrggbb). */
  color: string
  /** The zone's highest price over its client categories (0 when not available). */
  maxPrice: number
  /** False for a zone of the map the visitor cannot buy in the chosen mode (a subscription covers some zones only). */
  available: boolean
}

/**
 * The price legend: one entry per zone level with its highest price, sorted by that price
 * descending (ties by zone id, so the order is stable). Rows of other sessions are ignored.
 * Zones of `mapRows` (every row of the session, any mode) that `rows` (the rows of the chosen
 * mode) do not price are listed last as not available, so the legend names what the map greys.
 */
export function zoneLegend(rows: readonly PriceRow[], calendarId: number, lang: Lang, mapRows: readonly PriceRow[] = rows): LegendEntry[] {
  const byZone = new Map<number, LegendEntry>()
  for (const row of rows) {
    if (row.calendar_id !== calendarId) continue
    const known = byZone.get(row.zonelevel_id)
    if (known === undefined) {
      byZone.set(row.zonelevel_id, { zonelevel_id: row.zonelevel_id, name: pickLocalized(row, 'zonelevel', lang), color: row.zonecolor, maxPrice: row.price, available: true })
    } else if (row.price > known.maxPrice) known.maxPrice = row.price
  }
  const sold = [...byZone.values()].sort((a, b) => b.maxPrice - a.maxPrice || a.zonelevel_id - b.zonelevel_id)
  const unsold = new Map<number, LegendEntry>()
  for (const row of mapRows) {
    if (row.calendar_id !== calendarId || byZone.has(row.zonelevel_id) || unsold.has(row.zonelevel_id)) continue
    unsold.set(row.zonelevel_id, { zonelevel_id: row.zonelevel_id, name: pickLocalized(row, 'zonelevel', lang), color: row.zonecolor, maxPrice: 0, available: false })
  }
  return [...sold, ...[...unsold.values()].sort((a, b) => a.zonelevel_id - b.zonelevel_id)]
}

/** '#e4572e' → 0xe4572e for the engine; null when the text is not a 6-digit hex colour. */
export function colorNumber(color: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim())
  return m === null ? null : parseInt(m[1], 16)
}

/** Engine inputs keyed by zone id (the map's zonelevel_id as text): colour and highest price (available zones only). */
export function zoneInputs(legend: readonly LegendEntry[]): { colors: Record<string, number>; prices: Record<string, number> } {
  const colors: Record<string, number> = {}
  const prices: Record<string, number> = {}
  for (const e of legend) {
    const c = colorNumber(e.color)
    if (c !== null) colors[String(e.zonelevel_id)] = c
    if (e.available) prices[String(e.zonelevel_id)] = e.maxPrice
  }
  return { colors, prices }
}

/** Zones the visitor can buy in the chosen mode (the legend's available entries). */
export function availableZones(legend: readonly LegendEntry[]): Set<number> {
  return new Set(legend.filter((e) => e.available).map((e) => e.zonelevel_id))
}
