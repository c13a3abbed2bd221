import { type CSSProperties, memo, useMemo, useState } from 'react'
import type { SeatMapEngine } from '../../engine/SeatMapEngine'
import { SeatStatus } from '../../engine/model'
import type { SeatMapLabels } from './labels'

/**
 * The accessible alternative to the canvas: sections → rows → seats as native disclosure
 * widgets. Seats of a row are rendered only while the row is open, so a million-seat venue
 * costs a few hundred DOM nodes, not a million.
 */
interface Props {
  engine: SeatMapEngine
  /** Engine's status revision: re-read statuses when it changes. */
  revision: number
  labels: SeatMapLabels
  price: (p: number | null) => string
  /** A seat's note by key (a wheelchair or companion place), read out with the seat; null = none. */
  note?: (key: string) => string | null
  onSeat: (index: number) => void
}

export const SeatList = memo(function SeatList({ engine, revision, labels, price, note, onSeat }: Props) {
  const sections = useMemo(() => engine.getSeatList(), [engine])
  return (
    <section aria-label={labels.listTitle} className="seatmap-list" style={panelStyle}>
      <h2 style={{ font: '600 15px sans-serif', margin: '0 0 8px' }}>{labels.listTitle}</h2>
      {sections.map((sec) => (
        <details key={sec.sector}>
          <summary style={targetStyle}>{labels.sector} {sec.name}</summary>
          {sec.rows.map((row) => (
            <Row key={row.label} label={row.label} seats={row.seats} engine={engine} revision={revision} labels={labels} price={price} note={note} onSeat={onSeat} />
          ))}
        </details>
      ))}
    </section>
  )
})

function Row({ label, seats, engine, revision, labels, price, note, onSeat }: { label: string; seats: number[] } & Props) {
  const [open, setOpen] = useState(false)
  return (
    <details style={{ marginLeft: 12 }} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary style={targetStyle}>{labels.row} {label}</summary>
      {open && (
        <ul style={{ listStyle: 'none', margin: 0, paddingLeft: 12 }} data-revision={revision}>
          {seats.map((i) => {
            const s = engine.getSeatInfo(i)
            if (!s) return null
            const selectable = s.status === SeatStatus.Free || s.status === SeatStatus.Selected
            const seatNote = note?.(s.key) ?? null
            return (
              <li key={i}>
                <button type="button" style={{ ...targetStyle, font: 'inherit', textAlign: 'start' }} disabled={!selectable} aria-pressed={s.status === SeatStatus.Selected} onClick={() => onSeat(i)}>
                  {[`${labels.seat} ${s.number}`, s.price != null ? price(s.price) : '', labels.status[s.status], seatNote ?? ''].filter((p) => p !== '').join(labels.comma)}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </details>
  )
}

const panelStyle: CSSProperties = {
  position: 'absolute', top: 8, left: 8, bottom: 56, width: 300, overflow: 'auto', background: '#fff', padding: 8,
  border: '1px solid #d1d5db', borderRadius: 6, font: '13px sans-serif', zIndex: 3,
}

/**
 * What a finger taps in the list (sections, rows, seats): at least TAP_TARGET_PX tall. Native
 * summaries and buttons at the panel's 13 px font were 15-21 px, under WCAG 2.2's 24 px minimum.
 */
const TAP_TARGET_PX = 32
const targetStyle: CSSProperties = { minHeight: TAP_TARGET_PX, paddingBlock: 4, boxSizing: 'border-box', cursor: 'pointer' }
