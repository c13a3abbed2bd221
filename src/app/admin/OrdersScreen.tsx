import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { orderSearchQuerySchema, type OrderCare } from '../../contract/admin/care'
import { can } from '../../contract/admin/roles'
import type { AdminOrder } from '../../contract/admin/sales'
import type { Lang } from '../../contract/lang'
import { CARE_TEXTS, fillIn, orderSumText, ticketCountText, type CareTexts } from './careTexts'
import { auditActionName } from './catalogue/auditTexts'
import { firstIssue } from './issueTexts'
import { consoleMoney } from './money'
import { typedOrNull, useRefusal } from './refusal'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'
import { formatMoment, formatSession } from '../i18n/localeFormat'
import { aside, labelled, separatorsOf } from '../i18n/punctuation'
import { NameTickets } from './NameTickets'


/** Order care (issue 19.2): search by number, e-mail, phone, name or ticket code. */
export function OrdersScreen() {
  const { api, lang, currency } = useConsole()
  const c = CARE_TEXTS[lang]
  const heading = useScreenTitle(c.find)
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [text, setText] = useState(q)
  const [found, setFound] = useState<AdminOrder[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { refuse, marks, note } = useRefusal('adm-orders')
  useEffect(() => {
    if (q.trim().length < 2) return
    api('orderSearch', { q }).then(
      (r) => {
        setFound(r.orders)
        setError(null)
      },
      (err: unknown) => setError(messageOf(err)),
    )
  }, [api, q])
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // The form is noValidate: the contract's check says a blank or one-letter search in the console's language (a blank one as "required").
    if (refuse(e, 'search', firstIssue(orderSearchQuerySchema, { q: typedOrNull(text, String) }, lang, { label: () => c.query }))) return
    setParams({ q: text })
  }
  return (
    <section aria-labelledby="adm-orders-title">
      <h1 id="adm-orders-title" tabIndex={-1} ref={heading}>
        {c.find}
      </h1>
      <form className="adm-form adm-inline" role="search" noValidate onSubmit={submit}>
        {note('search')}
        <label>
          {c.query}
          <input type="search" name="q" minLength={2} maxLength={100} required value={text} onChange={(e) => setText(e.target.value)} {...marks('search', 'q')} />
        </label>
        <button type="submit">{c.search}</button>
      </form>
      <ErrorNote error={error} />
      {found && found.length === 0 && <p role="status">{c.nothing}</p>}
      {found && found.length > 0 && (
        <ul className="adm-list" aria-label={c.orders}>
          {found.map((o) => (
            <li key={o.id}>
              <Link to={`/admin/orders/${o.id}`}>{fillIn(c.order, { n: o.ord_num })}</Link> · {c.state[o.state]}
              {o.boxOffice ? aside(lang, c.sold[o.boxOffice]) : ''} · {contacts(o)} · {orderSumText(o, lang, currency)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** One order: buyer, tickets (returned, checked in), history, and the actions the operator's role allows. */
export function OrderCareScreen() {
  const { api, lang, operator, currency, timeZone } = useConsole()
  const c = CARE_TEXTS[lang]
  const id = Number(useParams().id)
  const [care, setCare] = useState<OrderCare | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const title = care ? fillIn(c.order, { n: care.order.ord_num }) : c.orders
  const heading = useScreenTitle(title)
  const load = useCallback(() => api('orderCare', {}, { id }).then(setCare, (err: unknown) => setError(messageOf(err))), [api, id])
  useEffect(() => void load(), [load])
  const [picked, setPicked] = useState<number[]>([])
  const refund = async (lineIds: number[]) => {
    // No ticket ticked refunds the whole order (the button says Refund): the question says which.
    if (!window.confirm(lineIds.length ? c.confirmRefund : c.confirmRefundAll)) return
    try {
      const r = await api('orderRefund', { lineIds }, { id })
      // A refund the provider has not taken yet is recorded and retried by the server: not an error.
      // A box-office sale's refund moves no money by itself (payments/desk.ts): the operator hands it back.
      const desk = care?.order.boxOffice
      const done = desk === 'cash' || desk === 'card' ? c.refundedAtDesk[desk] : c.refundedSum
      const kept = r.withheld ? fillIn(c.refundWithheld, { sum: consoleMoney(r.withheld, lang, currency) }) : ''
      setNote(r.repeat ? c.refundRepeat : fillIn(r.pending ? c.refundPending : done, { sum: consoleMoney(r.amount, lang, currency) }) + kept)
      setError(null)
      setPicked([])
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  const act = async (name: 'orderCancel' | 'orderResend') => {
    if (name === 'orderCancel' && !window.confirm(c.confirmCancel)) return
    try {
      await api(name, {}, { id })
      // Said what happened: the tickets went to the order's address (the server mails that one).
      setNote(name === 'orderResend' && care ? fillIn(c.resent, { email: care.order.email }) : c.done)
      setError(null)
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  const mayAct = can(operator.role, 'orders.care')
  const mayReseat = can(operator.role, 'boxoffice.sell')
  return (
    <section aria-labelledby="adm-order-title">
      <h1 id="adm-order-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p>
        <Link to="/admin/orders">{c.find}</Link>
      </p>
      <ErrorNote error={error} />
      {note && (
        <p role="status" className="adm-note">
          {note}
        </p>
      )}
      {care && (
        <>
          <p>
            {c.status}{separatorsOf(lang)('punct.colon')}<strong>{c.state[care.order.state]}</strong>
            {care.order.boxOffice ? aside(lang, c.sold[care.order.boxOffice]) : ''} · {labelled(separatorsOf(lang), c.buyer, contacts(care.order))} · {orderSumText(care.order, lang, currency)} · {labelled(separatorsOf(lang), c.tickets, ticketCountText(care.order, lang))}
          </p>
          {(care.order.state === 'paid' || care.order.state === 'partly_refunded') && !care.can.name && (
            <p>
              <Link to={`/admin/orders/${id}/print`}>{c.print}</Link>
            </p>
          )}
          {mayAct && care.can.name && (
            <NameTickets
              orderId={id}
              onNamed={(mailed) => {
                setNote(mailed ? `${c.names.saved} ${c.names.mailed}` : c.names.saved)
                void load()
              }}
            />
          )}
          {mayAct && (care.can.cancel || care.can.resend || care.can.refund) && (
            <p className="adm-actions">
              {care.can.refund && (
                <button type="button" onClick={() => void refund(picked)} data-testid="refund">
                  {picked.length ? `${c.refundPick}${aside(lang, String(picked.length))}` : c.refund}
                </button>
              )}{' '}
              {care.can.cancel && (
                <button type="button" onClick={() => void act('orderCancel')}>
                  {c.cancel}
                </button>
              )}{' '}
              {care.can.resend && (
                <button type="button" onClick={() => void act('orderResend')}>
                  {c.resend}
                </button>
              )}
            </p>
          )}
          <div className="adm-scroll" tabIndex={0} role="region" aria-label={c.tickets}>
            <table className="adm-care-lines">
              <caption>{c.tickets}</caption>
              <thead>
                <tr>
                  <th scope="col">{c.code}</th>
                  <th scope="col">{c.event}</th>
                  <th scope="col">{c.place}</th>
                  <th scope="col">{c.holder}</th>
                  <th scope="col">{c.status}</th>
                  {mayAct && (care.can.refund || care.can.reseat) && <th scope="col">{c.refund}</th>}
                </tr>
              </thead>
              <tbody>
                {care.lines.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">{l.code}</th>
                    {/* data-label: the column's heading, which a phone shows inside the ticket's card (admin.css). */}
                    <td data-label={c.event}>
                      {l.event[lang] || l.event.ru} · {formatSession(l.day, l.time, lang)}
                    </td>
                    <td data-label={c.place}>{[l.place, l.category[lang] || l.category.ru].filter(Boolean).join(' · ')}</td>
                    <td data-label={c.holder}>{l.holder}</td>
                    <td data-label={c.status}>{l.returned ? c.returned : l.checkedIn ? fillIn(c.checkedIn, { time: formatMoment(l.checkedIn.at, lang, timeZone), gate: l.checkedIn.gate }) : c.notIn}</td>
                    {mayAct && (care.can.refund || care.can.reseat) && (
                      <td className="adm-care-acts">
                        {/* The box shows the column's word (its row names the ticket); its name says which ticket, beginning with the words shown. */}
                        {!l.returned && care.can.refund && (
                          <label className="door-check">
                            <input type="checkbox" aria-label={fillIn(c.refundLine, { code: l.code })} checked={picked.includes(l.id)} onChange={(e) => setPicked(e.target.checked ? [...picked, l.id] : picked.filter((x) => x !== l.id))} /> {c.refund}
                          </label>
                        )}
                        {!l.returned && l.seated && care.can.reseat && mayReseat && (
                          <Link to={`/admin/boxoffice/${l.eventHash}?map=1&calendar=${l.calendarId}&reseat=${l.id}&order=${id}`} aria-label={fillIn(c.reseatLine, { code: l.code })}>
                            {c.reseat}
                          </Link>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{c.history}</h2>
          <ol className="adm-list" data-testid="order-history">
            {care.history.map((h, i) => (
              <li key={i}>
                {formatMoment(h.at, lang, timeZone)} — {c.kinds[h.kind]}
                {h.mail !== undefined && `: ${c.mailKinds[h.mail]}`}
                {h.action !== undefined && `: ${auditActionName(h.action, lang)}`}
                {historyDetail(h, c, lang, (minor) => consoleMoney(minor, lang, currency))}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}

/** The buyer's name, e-mail and phone as given: a box-office buyer may have no e-mail, which leaves no empty gap. */
function contacts(o: { fio: string; email: string; phone: string }): string {
  return [o.fio, o.email, o.phone].filter((v) => v !== '').join(' · ')
}

/**
 * What a history line says in brackets: its detail (an e-mail's subject, as the buyer got it, and its
 * address), a refund's amount and what it kept back for spent bonuses, an e-mail's outcome, in the console's words.
 */
function historyDetail(h: OrderCare['history'][number], c: CareTexts, lang: Lang, money: (minor: number) => string): string {
  const parts = [h.detail, h.amount === undefined ? '' : money(h.amount), h.withheld === undefined ? '' : fillIn(c.withheld, { sum: money(h.withheld) }), h.outcome === undefined ? '' : c.outcomes[h.outcome]].filter((p) => p !== '')
  return parts.length === 0 ? '' : aside(lang, parts.join(' · '))
}
