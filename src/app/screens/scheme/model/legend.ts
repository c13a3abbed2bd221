import type { PriceRow } from '../../../../contract/entities/price'
import { pickLocalized, type Lang } from '../../../../contract/lang'

/** One entry of the price legend (001 §2 "Map parts"). */
export interface LegendEntry {
  zonelevel_id: number
  name: string
  /** The zone's colour as the price rows give it (#rrggbb). */
  color: string
  /** The zone's highest price over its client categories. */
  maxPrice: number
}

/**
 * The price legend: one entry per zone level with its highest price, sorted by that price
 * descending (ties by zone id, so the order is stable). Rows of other sessions are ignored.
 */
export function zoneLegend(rows: readonly PriceRow[], calendarId: number, lang: Lang): LegendEntry[] {
  const byZone = new Map<number, LegendEntry>()
  for (const row of rows) {
    if (row.calendar_id !== calendarId) continue
    const known = byZone.get(row.zonelevel_id)
    if (known === undefined) {
      byZone.set(row.zonelevel_id, { zonelevel_id: row.zonelevel_id, name: pickLocalized(row, 'zonelevel', lang), color: row.zonecolor, maxPrice: row.price })
    } else if (row.price > known.maxPrice) known.maxPrice = row.price
  }
  return [...byZone.values()].sort((a, b) => b.maxPrice - a.maxPrice || a.zonelevel_id - b.zonelevel_id)
}

/** '#e4572e' → 0xe4572e for the engine; null when the text is not a 6-digit hex colour. */
export function colorNumber(color: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim())
  return m === null ? null : parseInt(m[1], 16)
}

/** Engine inputs keyed by zone id (the map's zonelevel_id as text): colour and highest price. */
export function zoneInputs(legend: readonly LegendEntry[]): { colors: Record<string, number>; prices: Record<string, number> } {
  const colors: Record<string, number> = {}
  const prices: Record<string, number> = {}
  for (const e of legend) {
    const c = colorNumber(e.color)
    if (c !== null) colors[String(e.zonelevel_id)] = c
    prices[String(e.zonelevel_id)] = e.maxPrice
  }
  return { colors, prices }
}
