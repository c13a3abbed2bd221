import { useLayoutEffect, useRef, type ReactNode } from 'react'
import type { SessionTexts } from './sessionTexts'

interface Props {
  /** The server's refusal in the operator's language: the tickets and orders sold, and what the change does to them (a deletion: what goes). */
  text: string
  t: SessionTexts
  /** The dialog's title and buttons: a sold session's edit (the default) or its cancellation, whose "Cancel" would read as the action itself. */
  title?: string
  confirmLabel?: string
  dismissLabel?: string
  /** Said after the text, part of the dialog's description (the buyers no notice reaches, with where to find them). */
  note?: ReactNode
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks the operator to confirm an edit of a session with sold tickets (a move, which e-mails the
 * buyers, or a switch-off, which the door then refuses; server/admin/catalogue/session-buyers.ts),
 * or a session's cancellation, which refunds every buyer (session-cancel.ts), or the deletion of a
 * session or a price row nobody ordered (EventSessions, PriceRow).
 * A modal <dialog> (showModal): the page behind is inert, Tab stays inside, and focus starts on
 * Cancel, the choice that changes nothing; Escape cancels. On closing, focus goes back to where
 * it was (the form's Save button), so a keyboard user carries on from there.
 */
export function SessionConfirm({ text, t, title = t.soldTitle, confirmLabel = t.confirmChange, dismissLabel = t.cancel, note, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  // Opened before the first paint; closed (and focus given back) before the element leaves the page.
  useLayoutEffect(() => {
    const d = dialog.current
    if (!d) return
    const before = document.activeElement
    if (!d.open) d.showModal()
    cancel.current?.focus()
    return () => {
      if (d.open) d.close()
      if (before instanceof HTMLElement && before.isConnected) before.focus()
    }
  }, [])
  return (
    <dialog
      ref={dialog}
      className="adm-confirm"
      role="alertdialog"
      aria-labelledby="adm-confirm-title"
      aria-describedby={note ? 'adm-confirm-text adm-confirm-note' : 'adm-confirm-text'}
      onCancel={(e) => {
        // Escape: the same as Cancel (React closes the dialog, not the browser).
        e.preventDefault()
        onCancel()
      }}
    >
      <h2 id="adm-confirm-title">{title}</h2>
      <p id="adm-confirm-text">{text}</p>
      {note && <p id="adm-confirm-note">{note}</p>}
      <div className="adm-confirm-actions">
        <button ref={cancel} type="button" onClick={onCancel}>
          {dismissLabel}
        </button>
        <button type="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
