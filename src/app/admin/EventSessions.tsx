import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { sessionUpdateSchema } from '../../contract/admin/catalogue'
import { ISSUE } from '../../contract/admin/issues'
import { AdminErrorCode } from '../../contract/admin/roles'
import { salesExportPath } from '../../contract/admin/sales-export'
import type { Lang } from '../../contract/lang'
import { sessionSaleState } from '../../contract/rules/session-sale'
import { formatMoment, formatSession } from '../i18n/localeFormat'
import { asideMarks, labelled, separatorsOf } from '../i18n/punctuation'
import { fillIn } from './careTexts'
import { AdminApiError } from './api'
import { consoleMoney } from './money'
import { firstIssue, ISSUE_TEXTS } from './issueTexts'
import { PriceRow } from './PriceRow'
import { useRefusal } from './refusal'
import { nameOf as rowName, type Row } from './rows'
import { saleInputOf, saleInstantOf, SaleWindowFields, useSaleLabels, type SaleWindow } from './SaleWindowFields'
import { SessionConfirm } from './SessionConfirm'
import { SESSION_TEXTS } from './sessionTexts'
import { useConsole } from './shell'
import { WAITING_CONSOLE_TEXTS } from './waitingTexts'

/** A row's name, or a dash for one not found (a category or zone deleted since). */
const nameOf = (r: Row | undefined, lang: Lang) => (r ? rowName(r, lang) : '—')

interface Props {
  /** The list's heading; focus goes to it once a session or price row is deleted (its Delete button is gone). */
  heading: string
  sessions: Row[]
  prices: Row[]
  categories: Row[]
  zones: Row[]
  writable: boolean
  mapName: (drawingId: unknown) => string
  /** Runs a change, then shows `done` (or the string `fn` answers) and reloads the event (EventEditor's run); `fn` answering false did nothing yet. */
  act: (fn: () => Promise<unknown>, done?: string) => void
  /** Reloads the event's sessions and prices without a note (another operator's change met by a refused save). */
  reload: () => void
}
/**
 * A session form's fields. The on-sale window (sale_from, sale_to) is in datetime-local values on
 * the venue's clock (venueClock.ts), '' for no bound: compared as text with what the form opened
 * on, an untouched bound is not sent, even one saved with seconds the input cannot show.
 */
type Fields = SaleWindow & { day: string; time: string; active: boolean }
/** A session's form: what the operator set, and what it opened on (`opened`), so a save sends only what changed. */
type Editing = Fields & { id: number; opened: Fields }
const editingOf = (x: Row, zone: string, active = x.active === 1): Editing => {
  const fields = { day: String(x.day), time: String(x.time), active, saleFrom: saleInputOf(x.sale_from, zone), saleTo: saleInputOf(x.sale_to, zone) }
  return { id: x.id, ...fields, opened: fields }
}
/**
 * The form after a save refused for a window another operator's bound made empty: each bound the
 * operator left as it opened shows what is saved now (`saved`, the session's row as read again),
 * and counts as opened on it, so the next save does not send it; a bound they typed stays typed.
 */
const withSavedWindow = (edit: Editing, saved: Row, zone: string): Editing => {
  const now = { saleFrom: saleInputOf(saved.sale_from, zone), saleTo: saleInputOf(saved.sale_to, zone) }
  const kept = (k: keyof SaleWindow) => (edit[k] === edit.opened[k] ? now[k] : edit[k])
  return { ...edit, saleFrom: kept('saleFrom'), saleTo: kept('saleTo'), opened: { ...edit.opened, ...now } }
}
/** The window's hint ("empty: no limit", whose clock): one form is open at a time, so one id. */
const SALE_HINT_ID = 'adm-session-sale-hint'
/**
 * What the server makes only once confirmed, with its refusal's text (the tickets and orders it
 * concerns): an edit of a session with sold tickets, sent again with `confirm_buyers`, or a
 * session's cancellation, sent again with `confirm`.
 */
type Asking = ({ editing: Editing; cancel?: undefined } | { cancel: number }) & { text: string; session: number; noEmail: number }

/** The refusal's count of orders without an e-mail address (server/admin/catalogue/session-buyers.ts, session-cancel.ts no_email). */
const noEmailOf = (e: AdminApiError) => (typeof e.details.no_email === 'number' ? e.details.no_email : 0)

/**
 * A session's sale state as the storefront applies it (contract/rules/session-sale.ts): switched
 * on, not started and inside its on-sale window; the badge says which of these keeps it off sale.
 */
function SaleBadge({ session: x }: { session: Row }) {
  const { lang, timeZone } = useConsole()
  const s = SESSION_TEXTS[lang]
  // A cancelled session is off for good (its buyers refunded): that, not "off sale", is its state.
  if (x.cancelled_at !== null && x.cancelled_at !== undefined) return <span className="adm-badge">{s.cancelled}</span>
  const bound = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  const state = sessionSaleState({ active: Number(x.active), starts_at: Number(x.starts_at), sale_from: bound(x.sale_from), sale_to: bound(x.sale_to) }, Date.now())
  const when = (ms: unknown) => formatMoment(Number(ms), lang, timeZone)
  const text = { 'on-sale': s.onSale, 'switched-off': s.offSale, started: s.started, 'not-yet': fillIn(s.saleFrom, { when: when(x.sale_from) }), 'sale-ended': fillIn(s.saleEnded, { when: when(x.sale_to) }) }[state]
  return <span className={state === 'on-sale' ? 'adm-badge adm-on' : 'adm-badge'}>{text}</span>
}

/**
 * An event's sessions with their price rows (issue 17): copy a session or a price row, edit a
 * session's date, time and sale switch. A copied session comes back switched off and its form
 * opens at once, so the operator sets the new date before putting it on sale. A price row is
 * edited or deleted in its own PriceRow; a session nobody ordered is deleted after a confirmation
 * (the server refuses one with orders, and the refusal shows as the editor's error).
 */
export function EventSessions({ heading, sessions, prices, categories, zones, writable, mapName, act, reload }: Props) {
  const { api, lang, t, currency, timeZone } = useConsole()
  const s = SESSION_TEXTS[lang]
  const { refuse, marks, note, clear } = useRefusal('adm-session-edit')
  // The open form: a server's refusal of its "Sale ends" comes after the submit's event is spent.
  const formRef = useRef<HTMLFormElement>(null)
  const saleLabels = useSaleLabels()
  const instantOf = (v: string) => saleInstantOf(v, timeZone)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [asking, setAsking] = useState<Asking | null>(null)
  const [removing, setRemoving] = useState<Row | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Before the reload drops the deleted row's button with the focus on it (it would fall to the page).
  const focusHeading = () => headingRef.current?.focus()
  // Each session's Edit button: a form closed (saved or cancelled) gives the focus back to it, not
  // to the page; again once the list is reloaded, as a session moved to another day moves in the
  // list, and the browser drops the focus of an element moved.
  const editButtons = useRef(new Map<number, HTMLButtonElement>())
  const refocus = useRef<number | null>(null)
  const closeForm = (id: number, saved: boolean) => {
    refocus.current = saved ? id : null
    editButtons.current.get(id)?.focus()
    setEditing(null)
    // The next form opened starts without this one's refusal.
    clear()
  }
  useEffect(() => {
    const id = refocus.current
    refocus.current = null
    if (id !== null) editButtons.current.get(id)?.focus()
  }, [sessions])
  // The session's date as the console's language writes it, in its row, labels and confirmations.
  const when = (x: Row) => formatSession(String(x.day), String(x.time), lang)
  const priceText = (p: Row) => `${nameOf(categories.find((c) => c.id === p.client_category_id), lang)} · ${nameOf(zones.find((z) => z.id === p.zone_id), lang)} · ${consoleMoney(Number(p.price), lang, currency)} × ${String(p.quantity)}`

  const copySession = (x: Row) =>
    act(async () => {
      const { id } = await api('sessionCopy', {}, { id: x.id })
      setEditing(editingOf({ ...x, id }, timeZone, false))
    }, s.copied)
  const removeSession = (id: number) =>
    act(async () => {
      // The dialog closes at once (focus back on Delete), so the note or the refusal shows on the page.
      setRemoving(null)
      await api('sessionDelete', {}, { id })
      focusHeading()
      setEditing(null)
    }, s.sessionRemoved)
  /**
   * Saves the form. A session with sold tickets is refused first (UNCONFIRMED, with the counts):
   * the confirmation opens instead, and its Confirm sends the same edit with `confirm_buyers`.
   */
  const send = (edit: Editing, confirmed: boolean) =>
    act(async () => {
      const { id, day, time, active, saleFrom, saleTo, opened } = edit
      // Only what the operator changed: a form opened before another operator's change (a switch
      // off, a move, a sale window) would otherwise send the old values back and undo it unasked.
      const changes = {
        ...(day !== opened.day ? { day } : {}),
        ...(time !== opened.time ? { time } : {}),
        ...(active !== opened.active ? { active: active ? (1 as const) : (0 as const) } : {}),
        ...(saleFrom !== opened.saleFrom ? { sale_from: instantOf(saleFrom) } : {}),
        ...(saleTo !== opened.saleTo ? { sale_to: instantOf(saleTo) } : {}),
      }
      // Confirmed: the dialog closes at once (focus back on Save), so what follows shows on the page.
      if (confirmed) setAsking(null)
      try {
        await api('sessionUpdate', { ...changes, ...(confirmed ? { confirm_buyers: true } : {}) }, { id })
      } catch (e) {
        if (!confirmed && e instanceof AdminApiError && e.errorCode === AdminErrorCode.UNCONFIRMED) {
          setAsking({ editing: edit, text: e.message, session: id, noEmail: noEmailOf(e) })
          return false
        }
        // One bound sent, the other saved meanwhile by another operator (or another tab), and the
        // window is empty (sessions.ts updateSession, its `field`): nothing saved. The form shows the
        // bound it met, as saved now, beside the one typed (an input left as it opened, empty, made
        // the refusal read as nonsense), and the refusal is said on the bound typed: "Sale ends",
        // or "On sale from" when only the start was.
        if (e instanceof AdminApiError && e.details.field === 'sale_to' && formRef.current) {
          const form = formRef.current
          const saved = await api('event', {}, { id: Number(sessions.find((x) => x.id === id)?.event_id) }).then(
            (d) => (d.sessions.find((x) => x.id === id) as Row | undefined) ?? null,
            () => null,
          )
          const shown = saved ? withSavedWindow(edit, saved, timeZone) : edit
          setEditing(shown)
          const startOnly = saleFrom !== opened.saleFrom && saleTo === opened.saleTo
          refuse(form, 'edit', { error: labelled(separatorsOf(lang), startOnly ? s.saleFromLabel : s.saleToLabel, ISSUE_TEXTS[lang].keys[ISSUE.startBeforeEnd]), field: startOnly ? 'sale_from' : 'sale_to' })
          // The list's badge says the window saved now, too.
          if (saved) reload()
          return false
        }
        throw e
      }
      closeForm(id, true)
    })
  /**
   * Cancels a session and refunds its buyers (server/admin/catalogue/session-cancel.ts). Asked
   * first without `confirm`: the server refuses (UNCONFIRMED) with the orders and tickets it would
   * refund, which the confirmation shows; its Confirm sends `confirm`. The note says how many
   * orders were refunded at once and how many the background goes on with.
   */
  const cancelSession = (id: number, confirmed: boolean) =>
    act(async () => {
      if (confirmed) setAsking(null)
      try {
        const r = await api('sessionCancel', confirmed ? { confirm: true } : {}, { id })
        // Its Edit and Cancel buttons go with the reload (a cancelled session is not edited): the list's heading takes the focus.
        focusHeading()
        setEditing(null)
        if (r.repeat) return fillIn(s.cancelRepeat, { remaining: r.remaining })
        return fillIn(r.remaining > 0 ? s.cancelGoingOn : s.cancelDone, { refunded: r.refunded, orders: r.orders, remaining: r.remaining })
      } catch (e) {
        if (!confirmed && e instanceof AdminApiError && e.errorCode === AdminErrorCode.UNCONFIRMED) {
          setAsking({ cancel: id, text: e.message, session: id, noEmail: noEmailOf(e) })
          return false
        }
        throw e
      }
    })
  /**
   * Box-office sales may have no e-mail address: a move's or cancellation's notice misses their
   * buyers, so the confirmation says how many and links the session's ticket list, which has their
   * phone numbers (the Sales screen's export, contract/admin/sales-export.ts).
   */
  const noEmailNote = (a: Asking) =>
    a.noEmail > 0 ? (
      <>
        {fillIn(s.noEmail, { count: a.noEmail })} <a href={salesExportPath(a.session, lang)} download>{s.noEmailList}</a>
      </>
    ) : undefined
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!editing) return
    // The form is noValidate: the contract's check, not the browser's bubbles in the browser's language, says a blank date or time.
    // The window's end not after its start is said on "Sale ends" (the contract's refinement), before anything is sent.
    const labels: Record<string, string> = { day: t.day, time: t.time, ...saleLabels }
    const body = { day: editing.day, time: editing.time, sale_from: instantOf(editing.saleFrom), sale_to: instantOf(editing.saleTo) }
    if (refuse(e, 'edit', firstIssue(sessionUpdateSchema, body, lang, { label: (key) => labels[key] ?? key }))) return
    send(editing, false)
  }

  return (
    <>
      <h2 tabIndex={-1} ref={headingRef}>
        {heading}
      </h2>
      <ul className="adm-list">
        {sessions.map((x) => (
          <li key={x.id}>
            {when(x)}
            {x.drawing_id ? (
              <>
                {asideMarks(lang)[0]}
                <Link to={`/admin/drawings/${String(x.drawing_id)}`}>{mapName(x.drawing_id)}</Link>
                {asideMarks(lang)[1]}
              </>
            ) : null}{' '}
            <SaleBadge session={x} /> · <Link to={`/admin/sessions/${String(x.id)}/waiting-room`}>{WAITING_CONSOLE_TEXTS[lang].link}</Link>
            {writable && (
              <>
                {' '}
                <button type="button" aria-label={fillIn(s.copySession, { when: when(x) })} onClick={() => copySession(x)}>
                  {s.copy}
                </button>{' '}
                {/* A cancelled session cannot be moved or switched on (sessions.ts), all its form edits. */}
                {(x.cancelled_at === null || x.cancelled_at === undefined) && (
                  <>
                    <button type="button" ref={(el) => void (el ? editButtons.current.set(x.id, el) : editButtons.current.delete(x.id))} aria-label={labelled(separatorsOf(lang), s.edit, when(x))} onClick={() => setEditing(editingOf(x, timeZone))}>
                      {s.edit}
                    </button>{' '}
                  </>
                )}
                <button type="button" aria-label={fillIn(s.removeSession, { when: when(x) })} onClick={() => setRemoving(x)}>
                  {s.remove}
                </button>
                {(x.cancelled_at === null || x.cancelled_at === undefined) && (
                  <>
                    {' '}
                    <button type="button" aria-label={fillIn(s.cancelSessionOf, { when: when(x) })} onClick={() => cancelSession(x.id, false)}>
                      {s.cancelSession}
                    </button>
                  </>
                )}
              </>
            )}
            {editing?.id === x.id && (
              <form ref={formRef} className="adm-form adm-inline" noValidate onSubmit={save} aria-label={fillIn(s.editSession, { when: when(x) })}>
                {note('edit')}
                <label>
                  {t.day}
                  <input type="date" name="day" required autoFocus value={editing.day} onChange={(e) => setEditing({ ...editing, day: e.target.value })} {...marks('edit', 'day')} />
                </label>
                <label>
                  {t.time}
                  <input type="time" name="time" required value={editing.time} onChange={(e) => setEditing({ ...editing, time: e.target.value })} {...marks('edit', 'time')} />
                </label>
                <SaleWindowFields value={editing} onChange={(w) => setEditing({ ...editing, ...w })} marks={(name) => marks('edit', name)} hintId={SALE_HINT_ID} />
                {/* Beside its words, as the event form's own box (adm-check): a plain label of .adm-form stacks the box, stretched and centred, over them. */}
                <label className="adm-check">
                  <input type="checkbox" name="active" checked={editing.active} onChange={(e) => setEditing({ ...editing, active: e.target.checked })} style={{ minHeight: 0, width: 'auto' }} /> {s.active}
                </label>
                <button type="submit">{t.save}</button>{' '}
                <button type="button" onClick={() => closeForm(editing.id, false)}>
                  {s.cancel}
                </button>
              </form>
            )}
            <ul aria-label={labelled(separatorsOf(lang), t.prices, when(x))}>
              {prices
                .filter((p) => p.calendar_id === x.id)
                .map((p) => (
                  <PriceRow key={p.id} price={p} session={x} when={when(x)} text={priceText(p)} categories={categories} zones={zones} writable={writable} act={act} onRemoved={focusHeading} />
                ))}
            </ul>
          </li>
        ))}
      </ul>
      {removing && <SessionConfirm text={fillIn(s.removeSessionText, { when: when(removing) })} t={s} title={s.removeSessionTitle} confirmLabel={s.confirmRemoveSession} onConfirm={() => removeSession(removing.id)} onCancel={() => setRemoving(null)} />}
      {asking?.cancel !== undefined && <SessionConfirm text={asking.text} t={s} title={s.cancelTitle} confirmLabel={s.confirmCancel} dismissLabel={s.keepSession} note={noEmailNote(asking)} onConfirm={() => cancelSession(asking.cancel, true)} onCancel={() => setAsking(null)} />}
      {asking && asking.cancel === undefined && <SessionConfirm text={asking.text} t={s} note={noEmailNote(asking)} onConfirm={() => send(asking.editing, true)} onCancel={() => setAsking(null)} />}
    </>
  )
}
