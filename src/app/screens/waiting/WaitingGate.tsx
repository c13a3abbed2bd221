import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../../contract/client'
import { zoneGmtText } from '../../../contract/rules/wallClock'
import type { QueueStatus } from '../../../contract/entities/queue'
import { api } from '../../api/client'
import { useTitleLead } from '../../hooks/useTitle'
import { formatDayMoment, formatNumber } from '../../i18n/localeFormat'
import { admittedToken, keepAdmission, refusalCount, subscribeAdmission } from '../../state/admission'
import { useSession, useVenueTimeZone } from '../../state/session'
import { releaseSeatMapPrestart } from '../../seatmap/prestart'
import { estimateParts, nextAskMs, RENEW_BEFORE_EXPIRY_MS, RETRY_AFTER_FAILURE_MS } from './waitingModel'
import './waiting.css'

type Gate =
  | { kind: 'checking' }
  /** The purchase is shown; `admitted`: after a wait (the page says so once). */
  | { kind: 'open'; admitted: boolean }
  | { kind: 'waiting'; status: QueueStatus; failed: boolean }
  /** The room would not take this visitor (too many from his address): the server's words. */
  | { kind: 'refused'; text: string }

/**
 * The door of a session's purchase (issue 18.5). Asks the session's waiting room first
 * (POST /api/queue/status, one indexed read): with the room off, or once admitted, the purchase
 * (children) is shown, and the admission token goes with every buying call (state/admission.ts);
 * otherwise the waiting page, which asks again every poll_s (sooner when the turn is due) and
 * opens the purchase by itself when the turn comes. A buying call the server refuses for want of
 * admission makes the gate ask again. While open with a token, it renews the token before it expires.
 *
 * Light by design: no seat map and nothing big is loaded while waiting (the children mount only
 * when admitted). `calendarId` null (no session chosen) shows the children at once.
 */
export function WaitingGate({ calendarId, children }: { calendarId: number | null; children: ReactNode }) {
  const [gate, setGate] = useState<Gate>({ kind: 'checking' })
  const refusals = useSyncExternalStore(subscribeAdmission, refusalCount, refusalCount)
  const gateRef = useRef(gate)
  gateRef.current = gate

  useEffect(() => {
    if (calendarId === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const later = (ms: number) => {
      timer = setTimeout(() => void ask(), ms)
    }
    async function ask(): Promise<void> {
      let s: QueueStatus
      try {
        s = await api.call('queueStatus', { calendar_id: calendarId! })
      } catch (err) {
        if (stopped) return
        const now = gateRef.current
        // A refusal of the room itself (429: too many visitors from this address) is not a
        // failure to reach it: the purchase stays shut and the page says why; a reload asks again.
        if (err instanceof ApiCallError && err.status === HTTP_TOO_MANY) return setGate({ kind: 'refused', text: err.errorText })
        // The first ask failing opens the door (the server still guards the buying calls);
        // while waiting, the page keeps its place on screen and tries again.
        if (now.kind === 'waiting') {
          setGate({ ...now, failed: true })
          later(RETRY_AFTER_FAILURE_MS)
        } else if (now.kind === 'checking') setGate({ kind: 'open', admitted: false })
        return
      }
      if (stopped) return
      if (s.state === 'off') return setGate({ kind: 'open', admitted: false })
      const held = admittedToken(s)
      if (held !== null) {
        keepAdmission(calendarId!, held.token, held.expiresAt)
        const was = gateRef.current
        setGate({ kind: 'open', admitted: was.kind === 'waiting' || (was.kind === 'open' && was.admitted) })
        later(Math.max(RETRY_AFTER_FAILURE_MS, held.expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS))
        return
      }
      // No map while waiting (minutes): the workers the scheme page prestarted go, GL context and all.
      releaseSeatMapPrestart()
      setGate({ kind: 'waiting', status: s, failed: false })
      later(nextAskMs(s))
    }
    void ask()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [calendarId, refusals])

  if (calendarId === null) return <>{children}</>
  // One tree for every state, so the admission note below stays the same element from the first
  // ask to the purchase (each state's part holds its place in the fragment).
  return (
    <>
      {gate.kind === 'checking' && <CheckingNote />}
      {gate.kind === 'waiting' && <WaitingPage status={gate.status} failed={gate.failed} />}
      {gate.kind === 'refused' && <RefusedNote text={gate.text} />}
      <AdmittedNote admitted={gate.kind === 'open' && gate.admitted} />
      {gate.kind === 'open' && children}
    </>
  )
}

/** The answer of a room that would not take the visitor. */
const HTTP_TOO_MANY = 429

function RefusedNote({ text }: { text: string }) {
  const { t } = useTranslation()
  return (
    <section className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title" className="waiting__title">{t('waiting.title')}</h2>
      <p className="waiting-refused" role="alert">{text}</p>
    </section>
  )
}

function CheckingNote() {
  const { t } = useTranslation()
  return <p className="waiting-check" role="status">{t('waiting.checking')}</p>
}

/**
 * The live region that says the turn has come: mounted empty while the gate checks and waits, its
 * text set at the admission. A status element inserted already holding its text, while the waiting
 * page's own live region goes in the same moment, is announced by some screen readers not at all;
 * a region they already watch, whose text changes, is. Empty, it takes no room (no notice frame).
 */
function AdmittedNote({ admitted }: { admitted: boolean }) {
  const { t } = useTranslation()
  return (
    <p className={admitted ? 'waiting-announce notice waiting-admitted' : 'waiting-announce'} role="status" aria-live="polite" aria-atomic="true">
      {admitted ? t('waiting.admitted') : ''}
    </p>
  )
}

/** The waiting page: place, people in the queue, estimate; the place is announced to screen readers as it changes. */
function WaitingPage({ status, failed }: { status: QueueStatus; failed: boolean }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  // The on-sale moment on the venue's clock, as its sessions' times are, with its offset: a
  // visitor elsewhere reads 10:00 (GMT+05:00), not his own clock's time without a zone; the day
  // in words (an English reader takes 07.12 for July 12), to the minute.
  const zone = useVenueTimeZone()
  const before = status.opens_at !== null && status.place === null
  const place = status.place === null ? null : formatNumber(status.place, lang)
  // The tab says he is queueing (and where), not the purchase's title, until the turn comes.
  useTitleLead(place === null ? t('waiting.tab-pending') : t('waiting.tab-place', { place }))
  const parts = status.estimate_s === null ? null : estimateParts(status.estimate_s)
  const estimate = status.estimate_s === null ? null : parts === null ? t('waiting.under-minute') : parts.hours > 0 ? t('waiting.hours', { hours: parts.hours, minutes: parts.minutes }) : t('waiting.minutes', { count: parts.minutes })
  return (
    <section className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title" className="waiting__title">{t('waiting.title')}</h2>
      {/* The place and the estimate come first, the explanation after: on a 390x844 phone the card
          starts halfway down (event, dates, times above it), and below the intro and the on-sale
          note they were off the first screen. */}
      {/* Only the place is live: it changes a few times a minute at most, and is what a listener needs. */}
      <p className="waiting__place" role="status" aria-live="polite" aria-atomic="true">
        {place === null ? t('waiting.place-pending') : t('waiting.place', { place })}
      </p>
      <div className="waiting__meter" aria-hidden="true"><span /></div>
      <dl className="waiting__facts">
        {/* Before the draw the estimate is the time to the on-sale moment, not the queue's wait: named so. */}
        {estimate !== null && (
          <div><dt>{t(before ? 'waiting.opens-in-label' : 'waiting.estimate-label')}</dt><dd>{estimate}</dd></div>
        )}
        <div><dt>{t('waiting.people-label')}</dt><dd>{formatNumber(status.waiting, lang)}</dd></div>
      </dl>
      <p>{t('waiting.intro')}</p>
      {before && status.opens_at !== null && (
        <>
          <p className="waiting__opens">{t('waiting.opens-at', { moment: formatDayMoment(status.opens_at, lang, zone), zone: zoneGmtText(status.opens_at, zone) })}</p>
          <p>{t('waiting.fair')}</p>
        </>
      )}
      {failed && <p className="notice notice--error" role="alert">{t('waiting.check-failed')}</p>}
    </section>
  )
}
