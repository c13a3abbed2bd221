import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { PrintedTickets } from '../../../contract/admin/boxoffice'
import { formatMoney } from '../../i18n/localeFormat'
import { joinParts, separatorsOf } from '../../i18n/punctuation'
import { fillIn } from '../careTexts'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { BOX_TEXTS } from './texts'
import { useCurrency } from '../../state/session'

const MINOR = 100

/**
 * An order's tickets to print at the desk (issue 19.1): one block per ticket with its QR code
 * (the signed token the door verifies offline) or barcode, the event, session, venue and its
 * address, zone, place (the seat's, worded by contract/rules/seat-place.ts) and price.
 * The print style sheet (admin.css, @media print) leaves the console's header and buttons out.
 */
export function PrintScreen() {
  const currency = useCurrency()
  const { api, lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const id = Number(useParams().id)
  const [data, setData] = useState<PrintedTickets | null>(null)
  const [error, setError] = useState<string | null>(null)
  const heading = useScreenTitle(data ? fillIn(b.printTitle, { n: data.ord_num }) : b.print)
  // Asked again when the console's language changes: the server words the event, date, venue and
  // place in it (an answer in the language before, come late, is dropped).
  useEffect(() => {
    let current = true
    api('orderPrint', {}, { id }).then(
      (d) => {
        if (!current) return
        setData(d)
        // A refusal of an earlier ask (a dropped connection) no longer holds once the tickets came.
        setError(null)
      },
      (e: unknown) => current && setError(messageOf(e)),
    )
    return () => {
      current = false
    }
  }, [api, id, lang])
  return (
    <section aria-labelledby="adm-print-title" className="bo-print">
      <h1 id="adm-print-title" tabIndex={-1} ref={heading}>
        {data ? fillIn(b.printTitle, { n: data.ord_num }) : b.print}
      </h1>
      <p className="bo-noprint bo-print-actions">
        <button type="button" onClick={() => window.print()}>
          {b.printNow}
        </button>
        <Link to={`/admin/orders/${id}`}>{b.openOrder}</Link>
      </p>
      <ErrorNote error={error} />
      {data && (
        <ul className="bo-tickets" aria-label={b.print}>
          {data.tickets.map((t) => (
            <li key={t.id} className="bo-ticket">
              {/* No text alternative: the ticket code is printed beside it, and a screen reader read it twice. */}
              {t.image ? <img src={`data:image/png;base64,${t.image}`} alt="" /> : <p>{b.noCode}</p>}
              <div>
                <strong>{t.event}</strong>
                <br />
                {t.when}
                <br />
                {/* Where to come and where to sit, as the ticket e-mail says it: the venue, its address, the zone and the seat's place. */}
                {(t.venue || t.address) && (
                  <>
                    <span data-testid="bo-ticket-venue">{joinParts(separatorsOf(lang), [t.venue, t.address])}</span>
                    <br />
                  </>
                )}
                <span data-testid="bo-ticket-place">{placeLine(t)}</span>
                <br />
                {fillIn(b.price, { sum: formatMoney(t.price / MINOR, lang, currency) })}
                <br />
                {fillIn(b.code, { code: t.code })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * A ticket's zone, place and price category as one line, each said once: a standing place whose
 * price zone bears its name read "Танцпол · Танцпол · Взрослый".
 */
export function placeLine(t: Pick<PrintedTickets['tickets'][number], 'zone' | 'place' | 'category'>): string {
  return [...new Set([t.zone, t.place, t.category].filter(Boolean))].join(' · ')
}
