import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useLink } from '../hooks/useLinks'
import { useTitle } from '../hooks/useTitle'

/** 404 for any path the route table does not know (document 001 §2). */
export function NotFoundPage() {
  const { t } = useTranslation()
  const link = useLink()
  useTitle('notFound')
  return (
    <section className="page page--message" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p><Link className="button button--primary" to={link('/')}>{t('notFound.home')}</Link></p>
    </section>
  )
}
