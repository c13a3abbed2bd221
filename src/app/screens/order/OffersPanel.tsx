import { useEffect, useRef, useState, type RefObject } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { SPECIAL_OFFERS_PANEL_WIDTH } from '../../../contract/constants'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { setupTextIn } from '../../../contract/rules/setupTexts'
import { api } from '../../api/client'
import { focusBack } from '../../lib/focusBack'
import { useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { isSeatLine, type NumberedTicket } from './model/lines'
import { canAddOffers, isOfferDisabled, offerPayload, offerTicket, toggleOffer } from './model/offers'
import type { AddToping, TicketLine } from './model/types'
import { useOrderAction } from './useOrderAction'
import { joinParts } from '../../i18n/punctuation'

interface Props {
  open: boolean
  hash: string
  offers: AddToping[]
  /** The order's tickets by line id, numbered as the ticket list numbers them: each offer names the ticket it is for. */
  tickets: ReadonlyMap<number, NumberedTicket>
  currency: string
  onClose: () => void
  reload: () => Promise<void>
  /** Called once offers were added and the order reloaded: the view moves the focus to them. */
  onAdded: () => void
  /** Where focus goes on closing when the element that opened the panel can no longer take it. */
  returnFocusTo: RefObject<HTMLElement | null>
}

/**
 * The special-offers side panel (001 §2, §4): SPECIAL_OFFERS_PANEL_WIDTH (001 §9, 480 px) at the
 * right on wide screens (order.css reads it as --offers-panel-width), a drawer from the bottom on
 * phones. Items toggle on click; an item closes once the selected items of its price reach its
 * limit; Add needs a selection. After an add, failed or not, the order reloads. Each item names its ticket (number, seat or category and holder), in its text and
 * so in its button's accessible name: the same offer for several tickets is told apart.
 */
export function OffersPanel({ open, hash, offers, tickets, currency, onClose, reload, onAdded, returnFocusTo }: Props) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const setup = useSession((s) => s.setup)
  const ref = useRef<HTMLDialogElement>(null)
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const { busy, run } = useOrderAction()
  // setup's names where the venue wrote them in the page's language, else our own wording
  // (never a label in another language; rules/setupTexts.ts).
  const ownText = (key: 'topingname' | 'topingbuttonname') => (setup === null ? '' : setupTextIn(setup.db, key, setup.app.language, lang))
  const title = ownText('topingname') || t('order.specials')
  const addLabel = ownText('topingbuttonname') || t('order.specials-add')

  // Opened from the payment's question, the opener (its dialog's button) is gone on closing: the
  // focus goes back as the dialogs give it (focusBack), not to the body.
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      focusBack([opener.current, returnFocusTo.current])
      opener.current = null
    }
  }, [open, returnFocusTo])

  const add = async () => {
    const added = await run(() => api.call('orderAddSpecialOffer', { hash, data: offerPayload(offers, selected) }).then(() => undefined))
    setSelected(new Set())
    onClose()
    await reload()
    if (added) onAdded()
  }

  return (
    <dialog ref={ref} className="offers-panel" aria-labelledby="offers-title" style={{ ['--offers-panel-width' as string]: `${SPECIAL_OFFERS_PANEL_WIDTH}px` }}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}>
      {open && (
        <div className="offers-panel__body">
          <div className="offers-panel__head">
            <h2 id="offers-title">{title}</h2>
            <button type="button" className="button offers-panel__close" onClick={onClose} aria-label={t('order.specials-close')}>×</button>
          </div>
          <p className="offers-panel__hint">{t('order.specials-hint')}</p>
          <ul className="offers-panel__list">
            {offers.map((o) => {
              const on = selected.has(o.uid)
              const disabled = isOfferDisabled(o, offers, selected)
              const ticket = offerTicket(tickets, o)
              return (
                <li key={o.uid}>
                  <button type="button" className="offer-item" aria-pressed={on} disabled={disabled} data-uid={o.uid}
                    onClick={() => setSelected((s) => toggleOffer(o, offers, s))}>
                    <span className="offer-item__check" aria-hidden="true">{on ? '✓' : ''}</span>
                    <span className="offer-item__name">{pickLocalized(o, 'action', lang)}</span>
                    {ticket !== null && <span className="offer-item__ticket">{ticketText(ticket.n, ticket.line, lang, t)}</span>}
                    <span className="offer-item__limit">{t('order.specials-limit', { count: o.limit })}</span>
                    <span className="offer-item__cost">{formatMoney(o.cost, lang, currency)}</span>
                  </button>
                </li>
              )
            })}
          </ul>
          <div className="offers-panel__actions">
            <button type="button" className="button button--primary offers-panel__add" disabled={!canAddOffers(selected) || busy}
              onClick={() => void add()}>
              {addLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  )
}

/** "Ticket 2 · Stalls, Row 3, Seat 12" or "Ticket 2 · Adult, Anna Ivanova": its number and what the order view shows of it. */
export function ticketText(n: number, line: TicketLine, lang: Lang, t: TFunction): string {
  const labelled = (label: string, value: string) => (value === '' ? '' : `${label} ${value}`)
  const detail = isSeatLine(line, lang)
    ? [pickLocalized(line, 'sector', lang), labelled(line.rowname !== '' ? line.rowname : t('order.row'), pickLocalized(line, 'row', lang)), labelled(t('order.seat'), pickLocalized(line, 'seat', lang))]
    : [pickLocalized(line, 'category', lang), line.personname]
  return [t('order.ticket-n', { n }), joinParts(t, detail)].filter((s) => s !== '').join(' · ')
}
