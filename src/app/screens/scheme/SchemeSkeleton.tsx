import { useTranslation } from 'react-i18next'

/** Grey blocks in the page's shape while the event loads (001 §2 "a skeleton while loading"). */
export function SchemeSkeleton() {
  const { t } = useTranslation()
  return (
    <div className="scheme-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('scheme.loading')}</span>
      <div className="scheme-skeleton__bar scheme-skeleton__bar--title" aria-hidden="true" />
      <div className="scheme-skeleton__bar scheme-skeleton__bar--short" aria-hidden="true" />
      <div className="scheme-skeleton__strip" aria-hidden="true" />
      <div className="scheme-skeleton__map" aria-hidden="true" />
    </div>
  )
}
