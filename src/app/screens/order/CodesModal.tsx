import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../../contract/lang'
import { Dialog } from '../../forms/Dialog'
import { useSession } from '../../state/session'
import { stepSlide, ticketCode } from './model/codes'
import type { NumberedTicket } from './model/lines'
import type { TicketLine } from './model/types'
import { joinParts } from '../../i18n/punctuation'

/** A horizontal move longer than this, px, turns the slide. */
const SWIPE_MIN_PX = 40

/**
 * The ticket codes of a paid order (001 §2): a swipeable set of QR or barcode images (180×180 /
 * 240×102), each titled with action, ticket number (the list's and the offers', `tickets`), order
 * number, date, location and category. Arrow buttons and the arrow keys turn the slides too; the
 * counter says which slide of how many, not a ticket number, since a group's codes leave out
 * the other sessions' tickets and the returned ones.
 */
export function CodesModal({ lines, tickets, ordNum, onClose }: { lines: TicketLine[] | null; tickets: ReadonlyMap<number, NumberedTicket>; ordNum: number; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={lines !== null} title={t('order.codes-title')} onClose={onClose} className="codes-modal">
      {lines !== null && <Slides key={lines.map((l) => l.id).join()} lines={lines} tickets={tickets} ordNum={ordNum} onClose={onClose} />}
    </Dialog>
  )
}

function Slides({ lines, tickets, ordNum, onClose }: { lines: TicketLine[]; tickets: ReadonlyMap<number, NumberedTicket>; ordNum: number; onClose: () => void }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const [index, setIndex] = useState(0)
  const start = useRef<number | null>(null)
  const line = lines[Math.min(index, lines.length - 1)]
  const code = ticketCode(line)
  const n = tickets.get(line.id)?.n
  const go = (delta: number) => setIndex((i) => stepSlide(i, delta, lines.length))
  const when = joinParts(t, [pickLocalized(line, 'day_str', lang) || line.day, line.time])
  const place = joinParts(t, [pickLocalized(line, 'seatroot', lang), pickLocalized(line, 'address', lang)])
  return (
    <div className="codes"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1)
        if (e.key === 'ArrowRight') go(1)
      }}>
      <div className="codes__slide" aria-live="polite"
        onPointerDown={(e) => { start.current = e.clientX }}
        onPointerUp={(e) => {
          if (start.current === null) return
          const dx = e.clientX - start.current
          start.current = null
          if (Math.abs(dx) >= SWIPE_MIN_PX) go(dx < 0 ? 1 : -1)
        }}>
        <h3 className="codes__action">{pickLocalized(line, 'action', lang)}</h3>
        {n !== undefined && <p className="codes__ticket">{t('order.ticket-n', { n })}</p>}
        <p className="codes__meta">{t('order.number', { num: ordNum })}</p>
        {when !== '' && <p className="codes__meta">{when}</p>}
        {place !== '' && <p className="codes__meta">{place}</p>}
        {/* The price zone (category of the seat or place), never the visitor category (001 §2). */}
        {pickLocalized(line, 'zonelevel', lang) !== '' && <p className="codes__meta codes__zone">{t('order.code-zone', { zone: pickLocalized(line, 'zonelevel', lang) })}</p>}
        {code.src !== '' ? (
          <img className={`codes__image codes__image--${code.kind}`} src={code.src} width={code.width} height={code.height}
            alt={t(code.kind === 'qr' ? 'order.qr-alt' : 'order.barcode-alt', { code: line.ticketcode })} draggable={false} />
        ) : (
          <p className="notice notice--error" role="alert">{t(code.kind === 'qr' ? 'order.qr-missing' : 'order.barcode-missing')}</p>
        )}
        <p className="codes__code">{line.ticketcode}</p>
      </div>
      {lines.length > 1 && (
        <div className="codes__nav">
          <button type="button" className="button" onClick={() => go(-1)} disabled={index === 0} aria-label={t('order.prev')}>←</button>
          <span className="codes__count">{t('order.code-of', { n: index + 1, count: lines.length })}</span>
          <button type="button" className="button" onClick={() => go(1)} disabled={index >= lines.length - 1} aria-label={t('order.next')}>→</button>
        </div>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>{t('order.specials-close')}</button>
      </div>
    </div>
  )
}
