import { useTranslation } from 'react-i18next'
import type { PaymentMethod } from '../../contract/rules/payment'

const LABEL: Record<PaymentMethod, string> = { gift: 'event.payment-gift', bank: 'event.payment-bank' }

/** Gift card or bank card, exactly one (000 §2, §4): a radio group. */
export function PaymentMethodChoice({ methods, value, onChange }: {
  methods: readonly PaymentMethod[]
  value: PaymentMethod
  onChange: (m: PaymentMethod) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="payment-method">
      <legend className="section-title">{t('event.payment')}</legend>
      <div className="payment-method__options">
        {methods.map((m) => (
          <label key={m} className={`payment-method__option${m === value ? ' payment-method__option--checked' : ''}`}>
            <input type="radio" name="payment-method" value={m} checked={m === value} onChange={() => onChange(m)} />
            <span>{t(LABEL[m])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
