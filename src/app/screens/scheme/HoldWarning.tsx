import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSeconds } from './useHoldCountdown'

/**
 * Warns before the cart's hold ends and offers to extend it (issue 20 item 4, WCAG 2.2.1
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

export function HoldWarning({ left, onExtend, focusAfter }: {
  /** Whole seconds left; null when nothing is held. */
  left: number | null
  onExtend: () => Promise<ExtendResult>
  /** What receives focus after an extension (the countdown). */
  focusAfter: React.RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation()
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
      const parts = [t('scheme.hold-extended', { time: formatSeconds(result.holdSeconds) })]
      if (result.extensionsLeft !== undefined) parts.push(t('scheme.hold-extensions-left', { count: result.extensionsLeft }))
      setConfirmation(parts.join(' '))
      focusAfter.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <div role="alert" className="scheme-cart__warning">
        {warned && (
          <div className="scheme-cart__warning-box">
            <p>{t('scheme.hold-warning', { seconds: HOLD_WARN_SECONDS })}</p>
            <button type="button" className="button" disabled={busy} onClick={() => void extend()}>
              {t('scheme.hold-extend')}
            </button>
          </div>
        )}
      </div>
      <p role="status" className="scheme-cart__extended">{confirmation}</p>
    </>
  )
}
