import { useTranslation } from 'react-i18next'
import { safeUrl } from '../lib/assets'
import { useSession } from '../state/session'
import { labelled } from '../i18n/punctuation'

/**
 * The private account (setup url_lk) and the signed-in CRM client. It shows the client's
 * e-mail, or only its first letter on narrow screens (CSS hides the full address visually but
 * keeps it for screen readers). Without url_lk the e-mail is shown as text; without a client,
 * a plain "Personal account" link.
 */
export function AccountLink() {
  const { t } = useTranslation()
  const setup = useSession((s) => s.setup)
  const client = useSession((s) => s.crmClient)
  const href = safeUrl(setup?.app.url_lk)
  const email = client?.data?.email ?? ''
  if (email === '') {
    return href === undefined ? null : <a className="account-link" href={href}>{t('shell.account')}</a>
  }
  const content = (
    <>
      <span className="visually-hidden">{labelled(t, t('shell.account'), '')}</span>
      <span className="account-link__full">{email}</span>
      <span className="account-link__initial" aria-hidden="true">{email.charAt(0).toUpperCase()}</span>
    </>
  )
  return href === undefined
    ? <span className="account-link" data-testid="crm-client">{content}</span>
    : <a className="account-link" href={href} data-testid="crm-client">{content}</a>
}
