import { createContext, useContext, useEffect, useRef } from 'react'
import type { Operator } from '../../contract/admin/access'
import type { Lang } from '../../contract/lang'
import { AdminApiError, type AdminApi } from './api'
import type { AdminTexts } from './texts'

/** What every console screen shares: the API client, texts, language and the signed-in operator (AdminApp provides it). */
export interface Console {
  api: AdminApi
  t: AdminTexts
  lang: Lang
  operator: Operator
  /** The shop's currency (setup's app.currency): the console writes amounts in it. */
  currency: string
  /** The venue's IANA time zone (the sign-in's and /api/admin/me's time_zone): date-time inputs are its wall clock (venueClock.ts). */
  timeZone: string
}
export const ConsoleContext = createContext<Console | null>(null)
export function useConsole(): Console {
  const c = useContext(ConsoleContext)
  if (!c) throw new Error('useConsole outside the console')
  return c
}

/**
 * Sets the document's title and moves focus to the screen's heading (screen readers hear the
 * change). Without scrolling: where the screen is shown from is AdminApp's (shell/screenEntry.ts:
 * from its top, or back where it was left); the focus's own scroll to the heading undid the
 * latter when the screen came back with its rows at once.
 */
export function useScreenTitle(title: string): React.RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = title
    ref.current?.focus({ preventScroll: true })
  }, [title])
  return ref
}

/** Whether the element is wholly between the window's top and bottom edges. */
function inView(el: Element): boolean {
  const r = el.getBoundingClientRect()
  return r.top >= 0 && r.bottom <= window.innerHeight
}

/**
 * A screen's refusal (a save, a search, a load), for every console form. A new one not wholly on
 * screen is scrolled into view: a long form's Save is far below its note, and on a phone a refused
 * save showed nothing. Where the control the operator used is then out of sight (or nothing holds
 * the focus), the note takes the focus too, so a screen reader reads it and the next Tab leads on
 * from it (the stale editor's reload). Where that control is still in sight, focus stays in it (a
 * code typed again into the field beside the note) and role="alert" reads the note out. A field
 * the note describes (a form's refused field) keeps the focus wherever it is, scrolled back into view.
 */
export function ErrorNote({ error, id }: { error: string | null; /** For a field's aria-describedby, where the note speaks of one field. */ id?: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const note = ref.current
    if (!error || !note || inView(note)) return
    note.scrollIntoView({ block: 'nearest' })
    const held = document.activeElement
    // The refused field this note describes (refusal.tsx) keeps the focus: its description reads the note out, and it is what to fix.
    if (held instanceof HTMLElement && id !== undefined && held.getAttribute('aria-describedby')?.split(' ').includes(id)) return void held.scrollIntoView({ block: 'nearest' })
    if (!held || held === document.body || !inView(held)) note.focus({ preventScroll: true })
  }, [error, id])
  return error ? (
    <p id={id} role="alert" className="adm-error" tabIndex={-1} ref={ref}>
      {error}
    </p>
  ) : null
}
export const messageOf = (err: unknown) => (err instanceof AdminApiError || err instanceof Error ? err.message : String(err))

