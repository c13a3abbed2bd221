import type { RefObject } from 'react'
import { messageOf } from './shell'

/**
 * The way on after a stale save (409 `stale`: another operator's save or upload came first): a
 * button that loads what is stored again, dropping the form's edits, and then puts the focus on the
 * screen's heading, since the button itself goes with the reload. The event editor and the shop
 * setup offer it; `label` says what is loaded and that unsaved edits are lost.
 */
export function StaleReload({ label, load, heading, setError }: { label: string; load: () => Promise<unknown>; heading: RefObject<HTMLElement | null>; setError: (message: string | null) => void }) {
  return (
    <p>
      <button type="button" onClick={() => void load().then(() => (setError(null), heading.current?.focus()), (e: unknown) => setError(messageOf(e)))}>
        {label}
      </button>
    </p>
  )
}
