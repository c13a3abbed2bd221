import { useTranslation } from 'react-i18next'
import { useTitle } from '../hooks/useTitle'
import { SafeHtml } from '../shell/SafeHtml'
import { useSession } from '../state/session'

/** Contacts and requisites: setup's db.info_contact, sanitized. */
export function ContactsPage() {
  const { t } = useTranslation()
  useTitle('contacts')
  const status = useSession((s) => s.setupStatus)
  const info = useSession((s) => s.setup?.db.info_contact ?? '')
  return (
    <section className="page page--text" aria-labelledby="contacts-title" aria-busy={status === 'loading'}>
      <h1 id="contacts-title">{t('titles.contacts')}</h1>
      {status === 'ready' && (info.trim() !== '' ? <SafeHtml className="rich-text" html={info} /> : <p>{t('contacts.empty')}</p>)}
      {(status === 'loading' || status === 'idle') && <p>{t('shell.loading')}</p>}
    </section>
  )
}
