import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { focusBack } from '../lib/focusBack'
import { useModal, type ModalKind } from '../state/modal'
import { SafeHtml } from './SafeHtml'

const HEADER_KEY: Record<ModalKind, string> = {
  info: 'modal.header-info',
  warning: 'modal.header-warning',
  error: 'modal.header-error',
}

/**
 * The generic modal (header Information/Warning/Error, text or sanitized html, OK). A native
 * <dialog> opened with showModal(): the browser makes the rest of the page inert (focus stays
 * inside) and Escape fires `cancel`, which we turn into close(). Focus returns to the control
 * that opened it, or to the main landmark when that control cannot take it (focusBack: an order
 * refused while its submit button was busy opened the modal with focus on the body).
 */
export function ModalHost() {
  const { t } = useTranslation()
  const titleId = useId()
  const content = useModal((s) => s.content)
  const close = useModal((s) => s.close)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (content !== null && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (content === null && dialog.open) {
      dialog.close()
      focusBack([returnFocus.current])
      returnFocus.current = null
    }
  }, [content])

  const header = content === null
    ? ''
    : content.title ?? `${t(HEADER_KEY[content.kind])}${content.code !== undefined ? ` (#${content.code})` : ''}`

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${content?.kind ?? 'info'}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        close()
      }}
    >
      {content !== null && (
        <div className="modal__body">
          <h2 id={titleId} className="modal__title">{header}</h2>
          {content.text !== undefined && <p className="modal__text">{content.text}</p>}
          {content.html !== undefined && <SafeHtml className="modal__html" html={content.html} />}
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={close} autoFocus>
              {t('modal.ok')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  )
}
