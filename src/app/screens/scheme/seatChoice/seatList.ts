import type { TFunction } from 'i18next'

/** Seats as the visitor reads them, in the page language: "Stalls, row 5, seat 7, Stalls, row 5, seat 8". */
export function seatList(seats: readonly { sector: string; row: string; seat: string }[], t: TFunction): string {
  return seats.map((s) => t('scheme.seat', { sector: s.sector, row: s.row, seat: s.seat })).join('; ')
}
