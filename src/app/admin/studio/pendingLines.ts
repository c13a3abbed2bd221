import type { StudioOp, StudioPlan } from '../../../contract/admin/studio'
import type { Lang } from '../../../contract/lang'
import { describePaintKind } from './PaintKindBox'
import { joinParts, labelled, separatorsOf } from '../../i18n/punctuation'
import type { StudioTexts } from './texts'

/**
 * The pending edits, one line each in the operator's words. Sectors are named as the queued
 * renames leave them (`sectorName`: the studio controller's, the helper the map's tooltip and
 * announcements use), so a paint queued after "rename Parterre → Stalls" says Stalls, as the save
 * will; a rename's own line names the sector as it was before that rename.
 */
export function pendingLines(ops: readonly StudioOp[], plan: StudioPlan, t: StudioTexts, lang: Lang, sectorName: (index: number) => string): string[] {
  const added = ops.flatMap((op) => (op.op === 'add-zone' ? [op.name] : []))
  const named = (i: number) => sectorName(i) || `#${i}`
  const sep = separatorsOf(lang)
  // A sector's name before the edit being described: its saved name, then each rename in order.
  const soFar = new Map<number, string>()
  const before = (i: number) => soFar.get(i) ?? (plan.sectors.find((s) => s.index === i)?.name || `#${i}`)
  const zoneName = (z: number | string | null) => (z === null ? t.blockedZone : typeof z === 'string' ? added[Number(z.slice(4))] ?? z : plan.zones.find((x) => x.id === z)?.name ?? String(z))
  const seats = (sel: Extract<StudioOp, { op: 'paint' }>['seats']) => ('keys' in sel ? `${sel.keys.length} ${t.seats.toLowerCase()}` : joinParts(sep, [named(sel.sector), sel.from_row !== undefined ? `${t.rows.toLowerCase()} ${sel.from_row}–${sel.to_row}` : '']))
  const line = (op: StudioOp): string => {
    switch (op.op) {
      case 'add-zone': return labelled(sep, t.addZone, op.name)
      case 'paint': return labelled(sep, op.zone === null ? t.block : `${t.paint} → ${zoneName(op.zone)}`, seats(op.seats))
      case 'delete-seats': return labelled(sep, t.deleteSeats, seats(op.seats))
      case 'capacity': return labelled(sep, `${t.capacity} ${op.place_key}`, String(op.capacity))
      case 'rename-sector': return `${t.renameSector} ${before(op.sector)} → ${op.name}`
      case 'rename-row': return `${t.renameRow} ${named(op.sector)} ${op.row} → ${op.to}`
      case 'renumber-row': return `${t.renumberRow} ${named(op.sector)} ${op.row} → ${op.start}…`
      case 'seat-type': case 'quality': return describePaintKind(op, lang, seats(op.seats))
      case 'block': return labelled(sep, op.blocked ? t.block : t.unblock, seats(op.seats))
      case 'merge-rows': return `${t.mergeRows} ${named(op.sector)} ${joinParts(sep, op.rows.map(String))} → ${op.into}`
      case 'split-row': return `${labelled(sep, `${t.splitRow} ${named(op.sector)} ${op.row}`, String(op.keep))} | → ${op.to}`
    }
  }
  return ops.map((op) => {
    const text = line(op)
    if (op.op === 'rename-sector') soFar.set(op.sector, op.name)
    return text
  })
}
