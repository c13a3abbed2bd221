import { useTranslation } from 'react-i18next'

/**
 * − count + for one price row. The plus is disabled when the rules allow no more
 * (`canAdd` false); group rows keep it enabled and let the caller refuse with a warning.
 */
export function QuantityControl({ name, value, canAdd, onAdd, onRemove }: {
  name: string
  value: number
  canAdd: boolean
  onAdd: () => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="quantity" role="group" aria-label={t('event.quantity', { name })}>
      <button type="button" className="quantity__button" aria-label={t('event.decrease', { name })} disabled={value === 0} onClick={onRemove}>
        <span aria-hidden="true">−</span>
      </button>
      <output className="quantity__value" aria-live="polite">{value}</output>
      <button type="button" className="quantity__button" aria-label={t('event.increase', { name })} disabled={!canAdd} onClick={onAdd}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}
