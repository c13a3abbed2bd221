import { type CSSProperties, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { SeatMapEngine } from '../../engine/SeatMapEngine'
import { initialSnapshot, type SeatMapEngineOptions } from '../../engine/engineTypes'
import { POPOVER_HEIGHT, POPOVER_WIDTH } from '../../engine/interaction/popover'
import { seatDescriber, withLabels, type SeatInfo, type SeatLabelsOf } from '../../engine/interaction/seatInfo'
import type { VenueData } from '../../engine/model'
import { SeatList } from './SeatList'
import { DEFAULT_SEATMAP_LABELS, type SeatMapLabels } from './labels'
import { useDelayedTooltip } from './tooltipDelay'

/**
 * The one React host of the seat map (tldraw TldrawEditor pattern): the engine is created in a
 * layout effect and disposed in its cleanup; React reads engine state only through
 * useSyncExternalStore and draws the chrome around the canvas (zoom buttons, scale label,
 * tooltip, popover, aria-live region, list view). No seat is a React component.
 */
export interface SeatMapCanvasProps {
  /** The venue to draw; leave it out when an `owner` puts venues on its engine itself. */
  venue?: VenueData | null
  /**
   * Who makes the engine on the host element and disposes it (a page's controller that owns the
   * engine, e.g. the scheme view's). Default: a plain SeatMapEngine made and disposed here.
   */
  owner?: EngineOwner
  /** Price per zone (index or zone id) for tooltips and announcements. */
  zonePrices?: readonly (number | null)[] | Record<string, number | null>
  zoneColors?: readonly number[] | Record<string, number>
  /** A seat was clicked, tapped or activated by keyboard; the app toggles selection via setStatuses. */
  onSeatClick?: (seat: SeatInfo, engine: SeatMapEngine) => void
  /** The engine handle once created (and null after dispose), for the host page. */
  onEngine?: (engine: SeatMapEngine | null) => void
  labels?: Partial<SeatMapLabels>
  formatPrice?: (price: number) => string
  /** An extra line of the tooltip and popover for a seat (by key), e.g. its accessible seat type; null = none. */
  seatNote?: (key: string) => { label: string; text: string } | null
  /**
   * The sector, row and seat labels the tooltip, popover and announcements give a seat, when the page knows
   * better than the drawing (the studio: renames not saved yet); null = the drawing's.
   */
  seatLabels?: SeatLabelsOf
  engineOptions?: SeatMapEngineOptions
  style?: CSSProperties
}

export interface EngineOwner {
  mount(host: HTMLElement): SeatMapEngine
  unmount(engine: SeatMapEngine): void
}

const EMPTY_SNAPSHOT = initialSnapshot()
const noSubscribe = () => () => {}
const emptySnapshot = () => EMPTY_SNAPSHOT

export function SeatMapCanvas(props: SeatMapCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null)
  const [engine, setEngine] = useState<SeatMapEngine | null>(null)
  const [listOpen, setListOpen] = useState(false)
  // One map per session on the console's Sales screen: each help text needs its own id.
  const helpId = useId()
  const labels = { ...DEFAULT_SEATMAP_LABELS, ...props.labels }
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })

  useLayoutEffect(() => {
    const host = hostRef.current
    if (!host) return
    const owner = latest.current.owner
    const e = owner ? owner.mount(host) : new SeatMapEngine(host, latest.current.engineOptions)
    const off = e.on('seatclick', (seat) => latest.current.onSeatClick?.(seat, e))
    setEngine(e)
    latest.current.onEngine?.(e)
    void e.init()
    return () => {
      off()
      if (owner) owner.unmount(e)
      else e.dispose()
      setEngine(null)
      latest.current.onEngine?.(null)
    }
  }, [])

  useEffect(() => {
    if (engine && props.venue) engine.setVenue(props.venue)
  }, [engine, props.venue])
  useEffect(() => {
    if (engine && props.venue && props.zonePrices) engine.setZonePrices(props.zonePrices)
  }, [engine, props.venue, props.zonePrices])
  useEffect(() => {
    if (engine && props.venue && props.zoneColors) engine.setZoneColors(props.zoneColors)
  }, [engine, props.venue, props.zoneColors])

  const snap = useSyncExternalStore(engine?.subscribe ?? noSubscribe, engine?.getSnapshot ?? emptySnapshot)
  const price = (p: number | null) => (p == null ? '' : props.formatPrice ? props.formatPrice(p) : String(p))
  // Announcements in the labels' language (the engine's own are English), following a language switch.
  const announce = JSON.stringify([labels.sector, labels.row, labels.seat, labels.category, labels.price, labels.status, labels.comma])
  useEffect(() => {
    const describe = seatDescriber(labels, price)
    // A screen reader hears the labels the tooltip shows (the studio's queued renames), not the
    // drawing's, and the seat's note (a wheelchair or companion place) the tooltip shows a mouse.
    engine?.setDescribe((seat) => withNote(describe(withLabels(seat, props.seatLabels)), latest.current.seatNote?.(seat.key) ?? null, labels.comma))
    // `announce` stands for the labels; `price` follows formatPrice, which the page keeps per language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, announce, props.seatLabels])
  // The hover snapshot changes identity every frame; the tooltip follows the seat's index.
  const hovered = snap.hover && (!snap.popover || snap.popover.seat.index !== snap.hover.index) ? snap.hover.index : null
  const shownIndex = useDelayedTooltip(hovered)
  // During the hide delay the pointer has left: the last hovered seat is what stays shown.
  const [lastHover, setLastHover] = useState(snap.hover)
  if (snap.hover && snap.hover !== lastHover) setLastHover(snap.hover)
  const hoverTip = shownIndex !== null && lastHover?.index === shownIndex && snap.popover?.seat.index !== shownIndex ? lastHover : null
  const relabel = (seat: SeatInfo): SeatInfo => withLabels(seat, props.seatLabels)
  const tip = hoverTip && relabel(hoverTip)
  const popSeat = snap.popover && relabel(snap.popover.seat)

  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...props.style }}>
      <div
        ref={hostRef}
        className="seatmap-canvas"
        role="application"
        aria-label={labels.mapLabel}
        aria-describedby={helpId}
        tabIndex={0}
        data-zoom={snap.zoom}
        data-tier={snap.tier}
        data-drawn={snap.drawn || undefined}
        style={{ position: 'absolute', inset: 0, touchAction: 'none', outlineOffset: -3 }}
      />
      <p id={helpId} style={visuallyHidden}>{labels.keyboardHelp}</p>
      <div role="status" aria-live="polite" aria-atomic="true" className="seatmap-live" style={visuallyHidden}>
        {snap.announcement}
      </div>
      <div role="group" aria-label={labels.zoomGroup} style={controlsStyle}>
        <button type="button" aria-label={labels.zoomOut} disabled={!engine || snap.zoom <= snap.minZoom} onClick={() => engine?.zoomOut()} style={buttonStyle}>−</button>
        <span className="seatmap-scale" aria-live="off" style={{ minWidth: 40, textAlign: 'center', font: '13px sans-serif' }}>{snap.zoomLabel}</span>
        <button type="button" aria-label={labels.zoomIn} disabled={!engine || snap.zoom >= snap.maxZoom} onClick={() => engine?.zoomIn()} style={buttonStyle}>+</button>
        <button type="button" aria-label={labels.reset} disabled={!engine} onClick={() => engine?.reset()} style={buttonStyle}>⟲</button>
        <button type="button" aria-pressed={listOpen} onClick={() => setListOpen((v) => !v)} style={{ ...buttonStyle, width: 'auto', padding: '0 8px' }}>
          {listOpen ? labels.hideList : labels.showList}
        </button>
      </div>
      {tip && (
        <div role="tooltip" className="seatmap-tooltip" style={{ ...floatStyle, left: tip.screen.x + 12, top: tip.screen.y + 12 }}>
          <SeatLines seat={tip} labels={labels} price={price} note={props.seatNote?.(tip.key) ?? null} />
        </div>
      )}
      {snap.popover && popSeat && (
        <div className="seatmap-popover" style={{ ...floatStyle, left: snap.popover.placement.x, top: snap.popover.placement.y, width: POPOVER_WIDTH, minHeight: POPOVER_HEIGHT, boxSizing: 'border-box' }}>
          <SeatLines seat={popSeat} labels={labels} price={price} note={props.seatNote?.(popSeat.key) ?? null} />
          <p style={{ margin: '6px 0' }}>{labels.status[snap.popover.seat.status]}</p>
          <button type="button" onClick={() => engine?.closePopover()} style={closeStyle}>{labels.close}</button>
        </div>
      )}
      {listOpen && engine && (
        <SeatList engine={engine} revision={snap.statusRevision} labels={labels} price={price} note={(key) => props.seatNote?.(key)?.text ?? null} onSeat={(i) => {
          const seat = engine.getSeatInfo(i)
          if (seat) props.onSeatClick?.(seat, engine)
        }} />
      )}
    </div>
  )
}

/** A seat's description with its note's text, as the tooltip lists it (null: no note). */
function withNote(description: string, note: { text: string } | null, comma: string): string {
  return note ? `${description}${comma}${note.text}` : description
}

function SeatLines({ seat, labels, price, note }: { seat: SeatInfo; labels: SeatMapLabels; price: (p: number | null) => string; note: { label: string; text: string } | null }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 8px' }}>
      <dt>{labels.sector}</dt><dd style={{ margin: 0 }}>{seat.sector}</dd>
      <dt>{labels.row}</dt><dd style={{ margin: 0 }}>{seat.row}</dd>
      <dt>{labels.seat}</dt><dd style={{ margin: 0 }}>{seat.number}</dd>
      {seat.category && (<><dt>{labels.category}</dt><dd style={{ margin: 0 }}>{seat.category}</dd></>)}
      {seat.price != null && (<><dt>{labels.price}</dt><dd style={{ margin: 0 }}>{price(seat.price)}</dd></>)}
      {note && (<><dt>{note.label}</dt><dd style={{ margin: 0 }} data-testid="seat-note">{note.text}</dd></>)}
    </dl>
  )
}

const visuallyHidden: CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
}
const controlsStyle: CSSProperties = {
  position: 'absolute', right: 8, bottom: 8, display: 'flex', alignItems: 'center', gap: 4,
  background: 'rgba(255,255,255,0.92)', borderRadius: 6, padding: 4, boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
}
const buttonStyle: CSSProperties = { width: 32, height: 32, font: '16px sans-serif', cursor: 'pointer' }
/** The popover's close button: a finger's size (it was the native 21 px at 13 px text). */
const closeStyle: CSSProperties = { minWidth: 64, minHeight: 32, padding: '4px 12px', font: 'inherit', cursor: 'pointer' }
const floatStyle: CSSProperties = {
  position: 'absolute', pointerEvents: 'auto', background: '#fff', color: '#111', border: '1px solid #d1d5db', borderRadius: 6,
  padding: 8, font: '13px sans-serif', boxShadow: '0 2px 8px rgba(0,0,0,0.18)', zIndex: 2,
}
