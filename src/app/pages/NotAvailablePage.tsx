import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useLink } from '../hooks/useLinks'
import { useTitle } from '../hooks/useTitle'

/**
 * Screens that later issues build (event page, seat scheme, order view, return, declined,
 * named tickets, ticket view) say plainly that they are not available yet; the route, its
 * title and the links to it already exist.
 */
export function NotAvailablePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  const link = useLink()
  useTitle(titleKey)
  return (
    <section className="page page--message" aria-labelledby="not-available-title">
      <h1 id="not-available-title">{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.text')}</p>
      <p><Link className="button button--primary" to={link('/')}>{t('notAvailable.home')}</Link></p>
    </section>
  )
}
