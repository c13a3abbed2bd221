import { useTranslation } from 'react-i18next'
import { QR_IMAGE_HEIGHT, QR_IMAGE_WIDTH, QR_POLL_MS } from '../../../contract/constants'
import { api } from '../../api/client'
import { Dialog } from '../../forms/Dialog'
import { imageSrc } from './model/codes'
import type { QrPayment } from './usePayment'
import { usePolling } from './usePolling'

/**
 * QR payment (001 §4): the code in a modal while the order status is polled every 10 s; a
 * non-zero answer stops polling, closes the modal and reloads the order.
 */
export function QrPayModal({ qr, hash, onClose, onSettled, reload }: {
  qr: QrPayment | null
  hash: string
  /** The buyer closed the modal. */
  onClose: () => void
  /** The status changed: the modal closes and the order reloads. */
  onSettled: () => void
  reload: () => Promise<void>
}) {
  const { t } = useTranslation()
  usePolling(qr !== null, QR_POLL_MS, async () => {
    const answer = await api.call('orderStatusChange', { hash })
    if (answer.response === 0) return false
    onSettled()
    await reload()
    return true
  })
  return (
    <Dialog open={qr !== null} title={t('order.qr-pay-title')} onClose={onClose} className="qr-pay">
      {qr !== null && (
        <div className="qr-pay__body">
          <p>{t('order.qr-pay-text')}</p>
          {qr.image !== '' && (
            <img className="qr-pay__image" src={imageSrc(qr.image)} width={QR_IMAGE_WIDTH} height={QR_IMAGE_HEIGHT} alt={t('order.qr-pay-alt')} />
          )}
          <p><a className="qr-pay__link" href={qr.url} target="_blank" rel="noopener">{t('order.qr-pay-link')}</a></p>
          <p className="qr-pay__waiting" role="status"><span className="order-spinner" aria-hidden="true" />{t('order.qr-pay-waiting')}</p>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>{t('order.specials-close')}</button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
