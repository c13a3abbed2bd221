import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent, type RefObject } from 'react'
import type { Direction } from '../../contract/admin/door'
import type { Lang } from '../../contract/lang'
import { formatSession } from '../../contract/rules/dayText'
import { Camera } from './Camera'
import { describeList, faultText, placeOf, placeOfFacts, timeOf } from './labels'
import type { DoorEngine, DoorFault, ShownAnswer } from './model/engine'
import { warmReader } from './model/reader'
import { fill, type DoorTexts } from './texts'

/** The scanning screen: status, direction, the camera and a typed code; an answer covers the screen until "Next". */
export function ScanScreen({ engine, t, lang, onChange }: { engine: DoorEngine; t: DoorTexts; lang: Lang; onChange: () => void }) {
  const s = useSyncExternalStore(engine.subscribe, engine.getSnapshot)
  const [direction, setDirection] = useState<Direction>('in')
  const [code, setCode] = useState('')
  const busy = useRef(false)
  const codeInput = useRef<HTMLInputElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => warmReader(), [])

  // Exits switched off for the gate while this phone scanned them (a sync brings the list): entries
  // again, as the choice is no longer offered (each scan would be refused, or made an exit offline).
  // Should they come back on, the choice starts at entry again.
  const exits = s.list?.exits === true
  // The screen comes in place of the control used (Start, a reload): focus goes where a scan starts, never to the page's body.
  const ready = s.list !== null && s.session !== null
  useEffect(() => {
    if (ready) focusHome(codeInput.current, heading.current)
  }, [ready])
  const scanning: Direction = exits ? direction : 'in'
  useEffect(() => {
    if (!exits) setDirection('in')
  }, [exits])
  const check = async (text: string) => {
    if (busy.current) return
    busy.current = true
    try {
      await engine.scan(text, scanning)
    } finally {
      busy.current = false
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // A blank code (a keyboard scanner's stray Enter) checks nothing and says nothing (engine.scan
    // ignores it): the form is noValidate, so no browser bubble in the browser's language covers the gate.
    const text = code
    setCode('')
    void check(text)
  }
  const list = s.list
  if (!list || !s.session) return <p role="status">{t.loading}</p>
  return (
    <div className="door-scan">
      <h1 className="door-gate" tabIndex={-1} ref={heading}>
        {list.name} <span className="adm-muted">· {s.session.event[lang] || s.session.event.ru} · {formatSession(s.session.day, s.session.time, lang)}</span>
      </h1>
      <p className="adm-muted">{describeList(list, t, lang)}</p>
      <ul className="door-status" aria-label={t.title}>
        <li className={s.online ? 'door-online' : 'door-offline'}>{s.online ? t.online : t.offline}</li>
        <li>{s.tickets === null ? t.notSynced : fill(t.synced, { n: s.tickets, time: s.syncedAt ? timeOf(s.syncedAt, lang) : '' })}</li>
        {s.pending > 0 && <li>{fill(t.pending, { n: s.pending })}</li>}
        {s.flagged > 0 && <li className="door-flagged">{fill(t.flagged, { n: s.flagged })}</li>}
        {s.refused > 0 && <li className="door-flagged">{fill(t.refused, { n: s.refused })}</li>}
      </ul>
      {s.error && <Fault fault={s.error} t={t} />}
      {s.unchecked && (
        <p role="alert" className="adm-error">
          {t.unchecked[s.unchecked]}
        </p>
      )}
      {list.exits && (
        <fieldset className="door-direction">
          <legend>{t.direction}</legend>
          {(['in', 'out'] as const).map((d) => (
            <label key={d} className="door-radio">
              <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} />
              {d === 'in' ? t.entry : t.exit}
            </label>
          ))}
        </fieldset>
      )}
      <Camera active={s.answer === null} onCode={(c) => void check(c)} label={t.camera} offText={t.cameraOff} />
      <form className="door-type" noValidate onSubmit={submit}>
        <label>
          {t.typeCode}
          <input ref={codeInput} inputMode="numeric" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} required />
        </label>
        <button type="submit">{t.check}</button>
      </form>
      <button type="button" className="door-secondary" onClick={onChange}>
        {t.change}
      </button>
      {s.answer && <Answer answer={s.answer} t={t} lang={lang} onNext={() => engine.dismiss()} codeInput={codeInput} heading={heading} />}
    </div>
  )
}

/**
 * A failed sync, upload or scan in the steward's language (the alert), with the technical text
 * (the browser's or the server's own) folded away beneath it for whoever helps them.
 */
function Fault({ fault, t }: { fault: DoorFault; t: DoorTexts }) {
  const { text, detail } = faultText(fault.err, t, fault.during)
  return (
    <>
      <p role="alert" className="adm-error">
        {text}
      </p>
      {detail && (
        <details className="door-details">
          <summary>{t.details}</summary>
          <code>{detail}</code>
        </details>
      )}
    </>
  )
}

const TONE: Record<ShownAnswer['result'], 'ok' | 'warn' | 'bad'> = {
  valid: 'ok',
  already_used: 'warn',
  not_inside: 'warn',
  wrong_session: 'bad',
  not_on_list: 'bad',
  refunded: 'bad',
  replaced: 'bad',
  unknown: 'bad',
  forged: 'bad',
  unnamed: 'bad',
}

/**
 * Where focus goes once an answer is dismissed: back where it was when the answer came (the code
 * input after a typed code or a keyboard scanner's Enter); else the code input, except on a touch
 * screen, where focusing it would open the on-screen keyboard over the camera: the gate's heading.
 */
function focusBack(before: Element | null, codeInput: HTMLInputElement | null, heading: HTMLElement | null): void {
  if (before instanceof HTMLElement && before !== document.body && before.isConnected) return before.focus()
  focusHome(codeInput, heading)
}

/**
 * Where a scan starts: the code input, where a keyboard scanner types; on a touch screen the
 * gate's heading (a screen reader reads the gate; the on-screen keyboard stays off the camera).
 */
function focusHome(codeInput: HTMLInputElement | null, heading: HTMLElement | null): void {
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  ;(touch ? heading : codeInput)?.focus()
}

/**
 * The full-screen answer: green to let through, amber for used, red for refused. A modal <dialog>
 * (showModal): the screen behind is inert, Tab stays in it, focus starts on "Next"; Enter or
 * Escape dismisses it at once and focus goes back (focusBack).
 */
function Answer({ answer, t, lang, onNext, codeInput, heading }: { answer: ShownAnswer; t: DoorTexts; lang: Lang; onNext: () => void; codeInput: RefObject<HTMLInputElement | null>; heading: RefObject<HTMLHeadingElement | null> }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const next = useRef<HTMLButtonElement>(null)
  // Opened before the first paint; closed (and focus given back) before the element leaves the page.
  useLayoutEffect(() => {
    const d = dialog.current
    if (!d) return
    const before = document.activeElement
    const [input, gate] = [codeInput.current, heading.current]
    if (!d.open) d.showModal()
    return () => {
      if (d.open) d.close()
      focusBack(before, input, gate)
    }
  }, [codeInput, heading])
  useEffect(() => next.current?.focus(), [answer])
  const title = answer.result === 'valid' && answer.direction === 'out' ? t.validOut : t.results[answer.result]
  return (
    <dialog
      ref={dialog}
      className={`door-answer door-${TONE[answer.result]}`}
      role="alertdialog"
      aria-labelledby="door-answer-title"
      data-result={answer.result}
      onCancel={(e) => {
        // Escape: the same as "Next" (the dialog is closed by React, not by the browser).
        e.preventDefault()
        onNext()
      }}
    >
      <h2 id="door-answer-title">{title}</h2>
      {answer.ticket && (
        <>
          <p className="door-place">{placeOf(answer.ticket, t, lang)}</p>
          {answer.ticket.holder && <p>{fill(t.holder, { name: answer.ticket.holder })}</p>}
          {answer.ticket.quantity > 1 && <p>{fill(t.people, { n: answer.ticket.quantity })}</p>}
          <p className="door-code">{answer.ticket.code}</p>
        </>
      )}
      {/* Offline, a ticket sold after the last sync: its place from the signed code and the session's places. */}
      {!answer.ticket && answer.place && <p className="door-place">{placeOfFacts(answer.place, t, lang)}</p>}
      {answer.firstUse && <p>{fill(t.usedAt, { time: timeOf(answer.firstUse.at, lang), gate: answer.firstUse.gate })}</p>}
      {answer.lastExit && <p>{fill(t.leftAt, { time: timeOf(answer.lastExit.at, lang), gate: answer.lastExit.gate })}</p>}
      {answer.unseenEntry && <p>{t.unseenEntry}</p>}
      {answer.unansweredScan && <p>{answer.result === 'not_inside' ? t.unansweredExit : t.unansweredScan}</p>}
      {answer.offline && <p className="door-offline-note">{t.decidedOffline}</p>}
      <button ref={next} type="button" onClick={onNext}>
        {t.next}
      </button>
    </dialog>
  )
}
