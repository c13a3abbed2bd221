import { useEffect, useRef, useState, type FormEvent } from 'react'
import { cardFindQuerySchema, type LoyaltyCard } from '../../../contract/admin/offers'
import { ErrorCode } from '../../../contract/errors'
import { firstIssue } from '../issueTexts'
import type { Refusal } from '../refusal'
import { ErrorNote, messageOf, useConsole } from '../shell'
import { CARD_TEXTS } from './cardTexts'

/**
 * The shop setup screen's loyalty card section (the owner's, settings.manage): finds a card by
 * its code (loyaltyCardFind: what an operator knows of a card is its code, not its id), shows
 * its client, balance and state and what a block would give back, and blocks or unblocks it
 * (loyaltyCardBlock), then shows the card as it now is. Where the operator may not write, the
 * code field is disabled and no button is offered (the server refuses both calls anyway).
 */
export function LoyaltyCardBlock({ writable, refusal }: { writable: boolean; /** The setup screen's: one refusal at a time among its forms. */ refusal: Refusal }) {
  const { api, lang } = useConsole()
  const t = CARD_TEXTS[lang]
  const [code, setCode] = useState('')
  const [card, setCard] = useState<LoyaltyCard | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // What the last press did, kept as a key so the note follows the console's language.
  const [note, setNote] = useState<{ done: 'blockedDone' | 'unblockedDone'; code: string } | null>(null)
  // A card just found takes the focus (its heading), so a screen reader reads it and Tab reaches its button next.
  const [found, setFound] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (found > 0) heading.current?.focus()
  }, [found])

  /** One call at a time; buttons stay enabled (a focused button that turns disabled loses the keyboard's focus), a second press waits for nothing. */
  const run = async (fn: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    setError(null)
    setNote(null)
    try {
      await fn()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  const find = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!writable) return
    const form = e.currentTarget
    // A code refused (blank, or no card has it): said in the find form, on the code field.
    const checked = firstIssue(cardFindQuerySchema, { code }, lang, { label: () => t.code })
    if (refusal.refuse(e, 'find', checked) || checked.data === null) {
      setCard(null)
      setNote(null)
      return setError(null)
    }
    void run(async () => {
      setCard(null)
      try {
        setCard(await api('loyaltyCardFind', { code: checked.data.code }))
      } catch (err) {
        // The find's only not-found is the code's card: the server's words, on the code field.
        if (refusal.refuseAnswer(err, form, 'find', 'code', ErrorCode.NOT_FOUND)) return
        throw err
      }
      setFound((n) => n + 1)
    })
  }
  const toggle = (c: LoyaltyCard) =>
    void run(async () => {
      const blocked = c.is_blocked === 0
      await api('loyaltyCardBlock', { blocked }, { id: c.id })
      // Said before the card is read again: should that read fail, the block still happened.
      setNote({ done: blocked ? 'blockedDone' : 'unblockedDone', code: c.card_code })
      setCard(await api('loyaltyCardFind', { code: c.card_code }))
    })

  const blocked = card?.is_blocked === 1
  return (
    <section aria-labelledby="adm-card-title" aria-busy={busy}>
      <h2 id="adm-card-title">{t.title}</h2>
      <p className="adm-muted">{writable ? t.note : t.ownerOnly}</p>
      <form className="adm-form adm-narrow" onSubmit={find} noValidate aria-labelledby="adm-card-title">
        {refusal.note('find')}
        <label>
          {t.code}
          <input id="adm-card-code" name="code" {...refusal.marks('find', 'code')} value={code} disabled={!writable} autoComplete="off" spellCheck={false} onChange={(e) => setCode(e.target.value)} />
        </label>
        {writable && <button type="submit">{t.find}</button>}
      </form>
      <ErrorNote error={error} />
      {/* Always on the page while a card is shown, so a screen reader announces the text put into it (a live region that arrives already filled is often not read). */}
      {(card || note) && (
        <p role="status" aria-live="polite" className="adm-note">
          {note ? t[note.done].replace('{code}', note.code) : ''}
        </p>
      )}
      {card && (
        <div>
          <h3 id="adm-card-found" tabIndex={-1} ref={heading}>
            {t.cardOf.replace('{code}', card.card_code)}
          </h3>
          <dl className="adm-totals" data-testid="loyalty-card">
            <div>
              <dt>{t.client}</dt>
              <dd>{card.client || t.noClient}</dd>
            </div>
            <div>
              <dt>{t.balance}</dt>
              <dd>{card.bonus_balance}</dd>
            </div>
            <div>
              <dt>{t.state}</dt>
              <dd>{blocked ? t.blocked : t.active}</dd>
            </div>
            <div>
              <dt>{t.unpaid}</dt>
              <dd>{card.unpaid_orders}</dd>
            </div>
          </dl>
          <p id="adm-card-effect" className="adm-muted">
            {blocked ? t.unblockEffect : t.blockEffect.replace('{n}', String(card.unpaid_orders))}
          </p>
          {writable && (
            <button type="button" aria-describedby="adm-card-effect" onClick={() => toggle(card)}>
              {blocked ? t.unblock : t.block}
            </button>
          )}
        </div>
      )}
    </section>
  )
}
