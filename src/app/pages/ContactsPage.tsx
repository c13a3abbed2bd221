import { useTranslation } from 'react-i18next'
import { isLang } from '../../contract/lang'
import { setupTextFor } from '../../contract/rules/setupTexts'
import { useTitle } from '../hooks/useTitle'
import { LANG_TAG } from '../i18n/lang'
import { SafeHtml } from '../shell/SafeHtml'
import { useSession } from '../state/session'

/**
 * Contacts and requisites: setup's db.info_contact, sanitized, in the visitor's language where
 * the venue translated it (info_contact_{lang}), else in English, else in the storefront's
 * (rules/setupTexts.ts); a text in another language is marked with its lang, so a screen reader
 * reads it in its own voice.
 */
export function ContactsPage() {
  const { t } = useTranslation()
  useTitle('contacts')
  const status = useSession((s) => s.setupStatus)
  const setup = useSession((s) => s.setup)
  const lang = useSession((s) => s.lang)
  const info = setup === null ? { text: '', lang } : setupTextFor(setup.db, 'info_contact', setup.app.language, lang)
  const foreign = info.lang !== lang && isLang(info.lang) ? LANG_TAG[info.lang] : undefined
  return (
    <section className="page page--text" aria-labelledby="contacts-title" aria-busy={status === 'loading'}>
      <h1 id="contacts-title">{t('titles.contacts')}</h1>
      {status === 'ready' && (info.text !== '' ? <SafeHtml className="rich-text" html={info.text} lang={foreign} /> : <p>{t('contacts.empty')}</p>)}
      {(status === 'loading' || status === 'idle') && <p>{t('shell.loading')}</p>}
    </section>
  )
}
