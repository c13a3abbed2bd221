import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react'
import { focusBack } from '../lib/focusBack'

/**
 * A modal dialog on the native <dialog> (showModal makes the page inert and keeps focus inside;
 * Escape fires `cancel`, which calls onClose). Used by the captcha and the subscription
 * confirmation; the generic message modal is the shell's ModalHost.
 */
export function Dialog({ open, title, onClose, children, className = '', returnFocusTo }: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  className?: string
  /** Where focus goes on closing when the element that opened the dialog can no longer take it. */
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const returnFocus = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      focusBack([returnFocus.current, returnFocusTo?.current])
      returnFocus.current = null
    }
  }, [open, returnFocusTo])
  return (
    <dialog ref={ref} className={`modal ${className}`} aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}>
      {open && (
        <div className="modal__body">
          <h2 id={titleId} className="modal__title">{title}</h2>
          {children}
        </div>
      )}
    </dialog>
  )
}
