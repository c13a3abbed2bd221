import { useEffect, useState } from 'react'
import './holdWarning.css'

/**
 * Warns before a hold ends (the seat-map cart's, an unpaid order's reserve) and offers to extend
 * it (issue 20 item 4, WCAG 2.2.1
 * "Timing Adjustable": warn before the time limit, extend with one simple action, at least ten
 * times). The warning appears HOLD_WARN_SECONDS before the end as an alert, announced once (its
 * text does not tick, so a screen reader is not interrupted every second); the ticking time is in
 * the countdown beside it. After an extension, focus moves to the countdown (the button is gone)
 * and a polite status says, once, how long the seats are held now.
 */

/** Seconds before the end of the hold at which the warning appears (WCAG asks for at least 20). */
export const HOLD_WARN_SECONDS = 30

/** What an extension answered: seconds of hold now and extensions left; null when refused (the caller shows why). */
export type ExtendResult = { holdSeconds: number; extensionsLeft: number | undefined } | null

/** The screen's own words (a cart holds seats, an order is reserved). */
export interface HoldWarningTexts {
  warning: string
  extend: string
  /** The confirmation after an extension, said once. */
  extended: (result: NonNullable<ExtendResult>) => string
}

export function HoldWarning({ left, onExtend, focusAfter, texts, className }: {
  /** Whole seconds left; null when nothing is held. */
  left: number | null
  onExtend: () => Promise<ExtendResult>
  /** What receives focus after an extension (the countdown). */
  focusAfter: React.RefObject<HTMLElement | null>
  texts: HoldWarningTexts
  /** The block's class (its look follows the screen). */
  className: string
}) {
  const [busy, setBusy] = useState(false)
  const [confirmation, setConfirmation] = useState('')
  const warned = left !== null && left > 0 && left <= HOLD_WARN_SECONDS
  const holding = left !== null && left > 0

  // A new warning (or the end of the hold) replaces the last confirmation.
  useEffect(() => {
    if (warned || !holding) setConfirmation('')
  }, [warned, holding])

  const extend = async () => {
    setBusy(true)
    try {
      const result = await onExtend()
      if (result === null) return
      setConfirmation(texts.extended(result))
      focusAfter.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <div role="alert" className={`${className}__warning`}>
        {warned && (
          <div className={`hold-warning ${className}__warning-box`}>
            <p>{texts.warning}</p>
            <button type="button" className="button" disabled={busy} onClick={() => void extend()}>
              {texts.extend}
            </button>
          </div>
        )}
      </div>
      <p role="status" className={`hold-warning__extended ${className}__extended`}>{confirmation}</p>
    </>
  )
}
