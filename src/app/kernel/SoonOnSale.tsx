import { useTranslation } from 'react-i18next'

/** The notice of an event whose sales have not opened (000 §2 "soon on sale", totalticketcount -99999). */
export function SoonOnSale() {
  const { t } = useTranslation()
  return (
    <div className="notice event-page__message event-page__soon" role="status">
      <p><strong>{t('event.soon-on-sale')}</strong></p>
      <p>{t('event.soon-on-sale-text')}</p>
    </div>
  )
}
