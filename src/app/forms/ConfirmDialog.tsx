import { Dialog } from './Dialog'

/** A yes/no dialog, e.g. the subscription confirmation (000 §4). */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Dialog open={open} title={title} onClose={onCancel} className="modal--confirm">
      <p className="modal__text">{text}</p>
      <div className="modal__actions modal__actions--split">
        <button type="button" className="button" onClick={onCancel}>{cancelLabel}</button>
        <button type="button" className="button button--primary" onClick={onConfirm} autoFocus>{confirmLabel}</button>
      </div>
    </Dialog>
  )
}
