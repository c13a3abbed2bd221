/**
 * What an order counts against its per-order limit (demquantlimit, 000 §3): a group excursion
 * ticket (passagequant > 0) counts as its passes, every other ticket as one. Where the spec is
 * silent this is our rule (README, "Rules we chose"): a group of 10 is 10 visitors at the door,
 * so 1 group ticket of 10 passes and 1 adult ticket is 11 towards a limit of 10. Session stock
 * still counts a group ticket once (it is one sale of the row).
 */
export function ticketsCounted(lines: readonly { quantity: number; passagequant: number }[]): number {
  return lines.reduce((n, l) => n + Math.max(0, l.quantity) * Math.max(1, l.passagequant), 0)
}
