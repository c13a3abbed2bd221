import { useTranslation } from 'react-i18next'
import { useSession } from '../../state/session'
import { paymentMarks } from './model/paymentMarks'
import type { PaymentType } from './model/types'

/** Logo height, px; the built-in marks are square (24×24 view box), operator images keep their ratio. */
const LOGO_SIZE = 28

/** The payment logos under the amount (001 §2): see paymentMarks for what each type shows. */
export function PaymentLogos({ payments }: { payments: readonly PaymentType[] }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const marks = paymentMarks(payments, lang)
  if (marks.length === 0) return null
  return (
    <ul className="payment-logos" aria-label={t('order.logos')}>
      {marks.map((mark) => (
        <li key={mark.key} className={`payment-logos__item payment-logos__item--${mark.kind}`}>
          {mark.kind === 'image' && <img src={mark.src} alt={mark.alt} height={LOGO_SIZE} decoding="async" />}
          {mark.kind === 'icon' && (
            <svg width={LOGO_SIZE} height={LOGO_SIZE} viewBox="0 0 24 24" role="img" aria-label={mark.icon.title}>
              <path d={mark.icon.path} fill={`#${mark.icon.hex}`} />
            </svg>
          )}
          {mark.kind === 'name' && mark.text}
        </li>
      ))}
    </ul>
  )
}
