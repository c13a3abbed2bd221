import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { deskBuyerSchema, PAY_KINDS, type BoxOfficeSellRequest, type PayKind } from '../../../contract/admin/boxoffice'
import { isLang, LANGS, type Lang } from '../../../contract/lang'
import { LANG_TAG } from '../../i18n/lang'
import { formatMoney } from '../../i18n/localeFormat'
import { fillIn } from '../careTexts'
import { firstIssue } from '../issueTexts'
import { typedOrNull, useRefusal } from '../refusal'
import { ErrorNote, messageOf, useConsole } from '../shell'
import { LANG_NAMES } from '../texts'
import { BOX_TEXTS } from './texts'
import { useCurrency } from '../../state/session'

const MINOR = 100

/** What the map or the quantities add to a sale: the event's hash and either tickets of a session or lines. */
export type SaleItems = Pick<BoxOfficeSellRequest, 'hash' | 'calendarId' | 'tickets' | 'data'>

/**
 * The counter's sale form: the buyer (the shop's rules: name, phone, e-mail; at the desk the
 * e-mail is optional, a walk-in buyer without one is reached by phone), the language of their
 * e-mails and tickets (the console's unless chosen), how they pay (cash, card at the desk,
 * complimentary), whether to e-mail the tickets (only with an address, and ticked as one is
 * typed unless the cashier unticks it); the order's sum beside Sell. Then one call
 * sells it all or nothing. The answer says what to take from the buyer and links the print page
 * and the order. A sale done, the form is cleared for the next buyer, so nothing of this one
 * (name, address, language, a complimentary choice, the mailing) slips into the next order.
 */
export function SaleForm({
  items,
  count,
  total,
  onSold,
}: {
  items: SaleItems | null
  count: number
  /** What the chosen tickets cost (major units, the money rule). */
  total: number
  /** The sale went through: `sold` is what it sold, which the page takes off its choice (the operator may have chosen more meanwhile). */
  onSold: (sold: SaleItems) => void
}) {
  const currency = useCurrency()
  const { api, lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const id = useId()
  const { refuse, marks, note } = useRefusal(`${id}-sale`)
  const [fio, setFio] = useState('')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const [payKind, setPayKind] = useState<PayKind>('cash')
  // The cashier's own tick or untick of the mailing; null until they touch it, while the box follows
  // the address: typing one ticks it (a buyer who gives an e-mail at the desk wants the tickets there).
  const [mailChoice, setMailChoice] = useState<boolean | null>(null)
  // The order's language: the console's, in which the operator serves the buyer, until another is chosen.
  const [chosenLang, setChosenLang] = useState<Lang | null>(null)
  const buyerLang = chosenLang ?? lang
  const [busy, setBusy] = useState(false)
  const inFlight = useRef(false)
  const [error, setError] = useState<string | null>(null)
  // "Nothing chosen" holds only while nothing is: a seat or quantity chosen since takes it away.
  const [askedEmpty, setAskedEmpty] = useState(false)
  const nothingChosen = askedEmpty && (!items || count === 0)
  const [sold, setSold] = useState<{ id: number; ord_num: number; amount: number; mailed: boolean; needsNames: boolean; email: string } | null>(null)
  const soldRef = useRef<HTMLDivElement>(null)
  // Without an address there is nobody to mail: the tick is off and disabled (the server refuses it too).
  const hasEmail = email.trim() !== ''
  const mailing = (mailChoice ?? true) && hasEmail

  // A sale done, focus goes to the sold note's first link: printing the tickets (or naming their
  // holders) is what the desk does next, one Enter away; the cleared form is right above it for
  // the next buyer. The note's live region is always on the page, so its text is announced.
  useEffect(() => {
    if (sold) soldRef.current?.querySelector('a')?.focus()
  }, [sold])

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // One sale at a time: the button stays focusable while one is in flight (a disabled button
    // would drop the keyboard's focus to the page, and a refusal would leave it there).
    if (inFlight.current) return
    // The form is noValidate: the contract's check, not the browser's bubbles in the browser's
    // language, says a missing name or phone or a malformed e-mail, beside the field (a blank one as "required").
    const labels: Record<string, string> = { fio: b.fio, phone: b.phone, email: b.email }
    const buyerCheck = firstIssue(deskBuyerSchema, { fio: typedOrNull(fio, String), phone: typedOrNull(phone, String), email }, lang, { label: (key) => labels[key] ?? key })
    if (refuse(e, 'buyer', buyerCheck)) {
      setError(null)
      setAskedEmpty(false)
      return
    }
    if (!items || count === 0) {
      setError(null)
      setAskedEmpty(true)
      return
    }
    setAskedEmpty(false)
    // What this sale sells, as it was when sent: the page's choice may change while it is in flight.
    const selling = items
    inFlight.current = true
    setBusy(true)
    try {
      const answer = await api('boxOfficeSell', { ...selling, fio, phone, email, payKind, sendMail: mailing, lang: buyerLang })
      setSold({ ...answer, email })
      setError(null)
      setFio('')
      setPhone('')
      setEmail('')
      setPayKind('cash')
      setMailChoice(null)
      setChosenLang(null)
      onSold(selling)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }
  // A refused address is described by the note and still by its hint (the e-mail is optional).
  const emailMarks: { 'aria-invalid'?: boolean; 'aria-describedby'?: string } = marks('buyer', 'email')
  return (
    <div className="bo-sale">
      <h2 id={`${id}-buyer`}>{b.buyer}</h2>
      <form className="adm-form" noValidate onSubmit={(e) => void submit(e)}>
        {note('buyer')}
        {/* The buyer's details, and only those, are the group the heading names: the sum is the order's, beside Sell. */}
        <div role="group" aria-labelledby={`${id}-buyer`} className="bo-buyer">
          <label>
            {b.fio}
            <input name="fio" autoComplete="name" required value={fio} onChange={(e) => setFio(e.target.value)} {...marks('buyer', 'fio')} />
          </label>
          <label>
            {b.phone}
            <input name="phone" type="tel" autoComplete="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} {...marks('buyer', 'phone')} />
          </label>
          <label>
            {b.email}
            <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} {...emailMarks} aria-describedby={[emailMarks['aria-describedby'], `${id}-email-hint`].filter(Boolean).join(' ')} />
          </label>
          <p id={`${id}-email-hint`} className="adm-muted">
            {b.emailOptional}
          </p>
          <label>
            {b.buyerLang}
            <select name="lang" value={buyerLang} onChange={(e) => setChosenLang(isLang(e.target.value) ? e.target.value : null)}>
              {LANGS.map((l) => (
                <option key={l} value={l} lang={LANG_TAG[l]}>
                  {LANG_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset>
          <legend>{b.payKind}</legend>
          {PAY_KINDS.map((k) => (
            <label key={k} className="door-check">
              <input type="radio" name={`${id}-pay`} value={k} checked={payKind === k} onChange={() => setPayKind(k)} /> {b.kinds[k]}
            </label>
          ))}
        </fieldset>
        <label className="door-check">
          <input type="checkbox" checked={mailing} disabled={!hasEmail} aria-describedby={hasEmail ? undefined : `${id}-email-hint`} onChange={(e) => setMailChoice(e.target.checked)} /> {b.sendMail}
        </label>
        {/* What the buyer pays, read with the button that sells it (a complimentary sale: nothing). */}
        <div className="bo-checkout">
          <p data-testid="bo-total" id={`${id}-total`}>
            {fillIn(b.total, { sum: formatMoney(payKind === 'comp' ? 0 : total, lang, currency) })}
          </p>
          <button type="submit" aria-disabled={busy || undefined} aria-describedby={`${id}-total`}>
            {b.sell}
          </button>
        </div>
      </form>
      <ErrorNote error={error ?? (nothingChosen ? b.nothing : null)} />
      <div role="status" ref={soldRef}>
        {sold && (
          <div className="adm-note" data-testid="bo-sold">
            <p>
              {fillIn(b.sold, { n: sold.ord_num, sum: formatMoney(sold.amount / MINOR, lang, currency) })} {sold.mailed ? fillIn(b.mailed, { email: sold.email }) : ''}
            </p>
            {sold.needsNames ? (
              <p>
                {b.needsNames} <Link to={`/admin/orders/${sold.id}#names`}>{b.nameHolders}</Link>
              </p>
            ) : (
              <p>
                <Link to={`/admin/orders/${sold.id}/print`}>{b.print}</Link> · <Link to={`/admin/orders/${sold.id}`}>{b.openOrder}</Link>
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  )
}
