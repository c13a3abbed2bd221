import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { CARD_SCHEME_FAILURE, CARD_SCHEME_PENDING, CARD_SCHEME_SUCCESS } from '../../../contract/constants'
import { useLink } from '../../hooks/useLinks'

/**
 * Card-scheme verification result (001 §4): 0 success notice, 3 pending with a spinner (the
 * view polls meanwhile), 4 failure with a way back to the listing; other codes show nothing.
 */
export function VerifyNotice({ code, paid }: { code: number | null; paid: boolean }) {
  const { t } = useTranslation()
  const link = useLink()
  if (code === CARD_SCHEME_SUCCESS && paid) {
    return <p className="notice order-verify order-verify--success" role="status">{t('order.verify-success')}</p>
  }
  if (code === CARD_SCHEME_PENDING && !paid) {
    return (
      <p className="notice order-verify order-verify--pending" role="status">
        <span className="order-spinner" aria-hidden="true" />
        {t('order.verify-pending')}
      </p>
    )
  }
  if (code === CARD_SCHEME_FAILURE) {
    return (
      <div className="notice notice--error order-verify" role="alert">
        <p>{t('order.verify-failure')}</p>
        <Link className="button" to={link('/')}>{t('order.back-to-afisha')}</Link>
      </div>
    )
  }
  return null
}
