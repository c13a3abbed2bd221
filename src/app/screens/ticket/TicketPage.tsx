import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { TICKET_TYPE_NO_CODE } from '../../../contract/constants'
import { pickLocalized } from '../../../contract/lang'
import { api } from '../../api/client'
import { useContractCall } from '../../kernel/useContractCall'
import { useLink } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { segment } from '../../lib/links'
import { useCurrency, useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { ticketCode } from '../order/model/codes'
import { isReturnedLine } from '../order/model/lines'
import './ticket.css'

/**
 * /ticket/{hash} (opened in a new tab from a paid order): one ticket with its code. The code and
 * the print button show only when printing is allowed (001 §3 printingAllowed).
 */
export function TicketPage() {
  const { hash = '' } = useParams()
  return <Ticket key={hash} hash={hash} />
}

function Ticket({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  const currency = useCurrency()
  // Any failure shows the ticket as not found; failures other than not-found are logged too.
  const state = useContractCall(() => api.call('ticket', undefined, { hash }), [hash], { label: 'ticket' })
  useTitle('ticket')

  if (state.status === 'loading') return <p className="ticket-page__status" role="status">{t('ticket.loading')}</p>
  if (state.status !== 'ready' || state.data === null) {
    return (
      <section className="page page--message" aria-labelledby="ticket-title">
        <h1 id="ticket-title">{t('ticket.not-found')}</h1>
        <p><Link className="button button--primary" to={link('/')}>{t('order.toAfisha')}</Link></p>
      </section>
    )
  }
  const { data } = state
  const line = data.ticket
  const code = ticketCode(line)
  const returned = isReturnedLine(line)
  const showCode = data.printingAllowed && !returned && line.tickettype !== TICKET_TYPE_NO_CODE
  const seat = [
    [line.rowname !== '' ? line.rowname : t('order.row'), pickLocalized(line, 'row', lang)],
    [t('order.sector'), pickLocalized(line, 'sector', lang)],
    [t('order.seat'), pickLocalized(line, 'seat', lang)],
  ] as const
  const facts: [string, string][] = [
    [t('order.visitor-category'), pickLocalized(line, 'category', lang)],
    [t('order.category'), pickLocalized(line, 'zonelevel', lang)],
    [seat[1][0], seat[1][1]],
    [seat[0][0], seat[0][1]],
    [seat[2][0], seat[2][1]],
    [t('order.holder'), line.personname],
    [t('order.price'), formatMoney(line.price, lang, currency)],
  ]
  const when = [pickLocalized(line, 'day_str', lang) || line.day, pickLocalized(line, 'dayofweek', lang), line.time].filter((s) => s !== '').join(', ')
  const place = [pickLocalized(line, 'seatroot', lang), pickLocalized(line, 'address', lang)].filter((s) => s !== '').join(', ')
  return (
    <article className="ticket-page" aria-labelledby="ticket-title">
      <h1 id="ticket-title" className="ticket-page__title">{pickLocalized(line, 'action', lang)}</h1>
      <p className="ticket-page__order">
        <Link to={link(`/order/${segment(data.order_hash)}`)}>{t('ticket.order', { num: data.ord_num })}</Link>
      </p>
      {when !== '' && <p className="ticket-page__when">{when}</p>}
      {place !== '' && <p className="ticket-page__place">{place}</p>}
      <dl className="ticket-page__facts">
        {facts.filter(([, v]) => v !== '').map(([k, v]) => (
          <div key={k} className="ticket-page__fact"><dt>{k}</dt><dd>{v}</dd></div>
        ))}
      </dl>
      {showCode && code.src !== '' && (
        <figure className="ticket-page__code">
          <img className={`codes__image--${code.kind}`} src={code.src} width={code.width} height={code.height}
            alt={t(code.kind === 'qr' ? 'order.qr-alt' : 'order.barcode-alt', { code: line.ticketcode })} />
          <figcaption>{line.ticketcode}</figcaption>
        </figure>
      )}
      {showCode && code.src === '' && (
        <p className="notice notice--error" role="alert">{t(code.kind === 'qr' ? 'order.qr-missing' : 'order.barcode-missing')}</p>
      )}
      {returned && <p className="notice ticket-page__returned" role="status">{t('ticket.returned')}</p>}
      {returned ? null : data.printingAllowed ? (
        <button type="button" className="button button--primary ticket-page__print" onClick={() => window.print()}>{t('ticket.print')}</button>
      ) : (
        <p className="notice ticket-page__not-allowed" role="status">{t('ticket.printing-not-allowed')}</p>
      )}
    </article>
  )
}
