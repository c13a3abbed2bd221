import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RETURN_STATUS_NOT_CONFIRMED, TICKET_TYPE_NO_CODE, TICKET_TYPE_QR } from '../../../contract/constants'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { useLink } from '../../hooks/useLinks'
import { segment } from '../../lib/links'
import { useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { isReturnedLine, isSeatLine, quantityPrefix, type NumberedTicket, type TicketGroup } from './model/lines'
import type { TicketLine } from './model/types'
import { joinParts } from '../../i18n/punctuation'

interface Props {
  groups: TicketGroup[]
  /** Each ticket's number in the order (numberTickets): the special offers name tickets by it. */
  tickets: ReadonlyMap<number, NumberedTicket>
  paid: boolean
  currency: string
  onShowCodes: (lines: TicketLine[]) => void
}

/** Tickets grouped by action (001 §2), each with a collapsible list, the group total and the fee. */
export function TicketGroups({ groups, tickets, paid, currency, onShowCodes }: Props) {
  return (
    <div className="ticket-groups">
      {groups.map((g) => (
        <Group key={g.actionGroup} group={g} tickets={tickets} paid={paid} currency={currency} onShowCodes={onShowCodes} />
      ))}
    </div>
  )
}

function Group({ group, tickets, paid, currency, onShowCodes }: { group: TicketGroup; tickets: ReadonlyMap<number, NumberedTicket>; paid: boolean; currency: string; onShowCodes: (lines: TicketLine[]) => void }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const [open, setOpen] = useState(true)
  const listId = useId()
  // A returned ticket admits nobody: it is never among the codes.
  const withCodes = group.lines.filter((l) => l.tickettype !== TICKET_TYPE_NO_CODE && !isReturnedLine(l))
  const allQr = withCodes.length > 0 && withCodes.every((l) => l.tickettype === TICKET_TYPE_QR)
  const place = joinParts(t, [group.location, group.address])
  const when = joinParts(t, [group.dayStr !== '' ? group.dayStr : group.day, group.dayOfWeek, group.time])
  return (
    <section className="ticket-group" aria-label={group.name}>
      <header className="ticket-group__header">
        <h3 className="ticket-group__name">
          {group.name}
          {group.ageFrom > 0 && (
            <span className="age-circle ticket-group__age" aria-label={t('order.ageLabel', { age: group.ageFrom })}>
              {t('order.age', { age: group.ageFrom })}
            </span>
          )}
        </h3>
        {when !== '' && <p className="ticket-group__when">{when}</p>}
        {place !== '' && <p className="ticket-group__place">{place}</p>}
      </header>
      <div className="ticket-group__bar">
        <button type="button" className="link-button ticket-group__toggle" aria-expanded={open} aria-controls={listId}
          onClick={() => setOpen((v) => !v)}>
          {open ? t('order.hide-list') : t('order.show-list', { count: group.lines.length })}
        </button>
        {paid && withCodes.length > 0 && (
          <button type="button" className="button ticket-group__codes" onClick={() => onShowCodes(withCodes)}>
            {allQr ? t('order.show-qr') : t('order.show-barcode')}
          </button>
        )}
      </div>
      <ul id={listId} className="ticket-lines" hidden={!open}>
        {group.lines.map((line) => {
          const returned = isReturnedLine(line)
          const n = tickets.get(line.id)?.n
          // The number names the ticket (a heading, and the item's accessible name): the offers say 'Ticket N'.
          const nameId = `${listId}-ticket-${line.id}`
          return (
            <li key={line.id} className={`ticket-line${returned ? ' ticket-line--returned' : ''}`} data-return-status={line.return_status}
              aria-labelledby={n === undefined ? undefined : nameId}>
              {n !== undefined && <h4 id={nameId} className="ticket-line__number">{t('order.ticket-n', { n })}</h4>}
              {isSeatLine(line, lang) ? <SeatLine line={line} lang={lang} currency={currency} /> : <PlainLine line={line} lang={lang} currency={currency} />}
              <LineState line={line} />
              {paid && !returned && line.tickethash_id !== '' && <TicketLink line={line} />}
            </li>
          )
        })}
      </ul>
      <dl className="ticket-group__totals">
        {group.serviceFee > 0 && (
          <div className="ticket-group__row ticket-group__fee">
            <dt>{t('order.service-fee')}</dt>
            <dd>{formatMoney(group.serviceFee, lang, currency)}</dd>
          </div>
        )}
        <div className="ticket-group__row ticket-group__total">
          <dt>{t('order.group-total')}</dt>
          <dd>{formatMoney(group.total, lang, currency)}</dd>
        </div>
      </dl>
    </section>
  )
}

function Cell({ label, value, struck = false }: { label: string; value: string; struck?: boolean }) {
  if (value === '') return null
  return (
    <div className="ticket-line__cell">
      <dt>{label}</dt>
      <dd>{struck ? <s>{value}</s> : value}</dd>
    </div>
  )
}

/** A returned line says so (its amount is struck); a return waiting for its e-mailed confirmation too. */
function LineState({ line }: { line: TicketLine }) {
  const { t } = useTranslation()
  if (isReturnedLine(line)) return <span className="ticket-line__state ticket-line__state--returned">{t('order.line-returned')}</span>
  if (line.return_status === RETURN_STATUS_NOT_CONFIRMED) return <span className="ticket-line__state">{t('order.line-return-pending')}</span>
  return null
}

/** Seat-scheme row: sector, row, seat, category, cost. */
function SeatLine({ line, lang, currency }: { line: TicketLine; lang: Lang; currency: string }) {
  const { t } = useTranslation()
  const rowLabel = line.rowname !== '' ? line.rowname : t('order.row')
  return (
    <dl className="ticket-line__cells ticket-line--seat">
      <Cell label={t('order.sector')} value={pickLocalized(line, 'sector', lang)} />
      <Cell label={rowLabel} value={pickLocalized(line, 'row', lang)} />
      <Cell label={t('order.seat')} value={pickLocalized(line, 'seat', lang)} />
      <Cell label={t('order.category')} value={pickLocalized(line, 'zonelevel', lang)} />
      <Cell label={t('order.cost')} value={formatMoney(line.cost, lang, currency)} struck={isReturnedLine(line)} />
    </dl>
  )
}

/** General-admission row: visitor category, price category, price, 'N x' when over 1, holder. */
function PlainLine({ line, lang, currency }: { line: TicketLine; lang: Lang; currency: string }) {
  const { t } = useTranslation()
  const qty = quantityPrefix(line.quant)
  return (
    <dl className="ticket-line__cells ticket-line--plain">
      <Cell label={t('order.visitor-category')} value={pickLocalized(line, 'category', lang)} />
      <Cell label={t('order.price-category')} value={pickLocalized(line, 'zonelevel', lang)} />
      <Cell label={t('order.price')} value={`${qty !== '' ? `${qty} ` : ''}${formatMoney(line.price, lang, currency)}`} struck={isReturnedLine(line)} />
      <Cell label={t('order.holder')} value={line.personname} />
    </dl>
  )
}

/** The ticket view in a new tab (built from tickethash_id). */
function TicketLink({ line }: { line: TicketLine }) {
  const { t } = useTranslation()
  const link = useLink()
  return (
    <a className="ticket-line__open" href={link(`/ticket/${segment(line.tickethash_id)}`)} target="_blank" rel="noopener"
      aria-label={t('order.open-ticket-label', { code: line.ticketcode })}>
      {t('order.open-ticket')}
    </a>
  )
}
