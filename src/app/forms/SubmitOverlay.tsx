import { useTranslation } from 'react-i18next'

/** Covers the page while an order is being sent (000 §4 "disable the button and show an overlay"). */
export function SubmitOverlay({ active }: { active: boolean }) {
  const { t } = useTranslation()
  if (!active) return null
  return (
    <div className="submit-overlay" role="status" aria-live="polite">
      <span className="submit-overlay__spinner" aria-hidden="true" />
      <span className="submit-overlay__text">{t('form.submitting')}</span>
    </div>
  )
}
