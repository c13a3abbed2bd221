import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router-dom'
import { isLang, pickLocalized } from '../../contract/lang'
import { buildLink } from '../lib/links'
import { safeUrl } from '../lib/assets'
import { useTitle } from '../hooks/useTitle'
import { SafeHtml } from '../shell/SafeHtml'
import { NotFoundPage } from './NotFoundPage'
import { useSession } from '../state/session'

export type RulesKind = 'purchaseTerms' | 'privacyPolicy'

/**
 * Which entry of setup's db.rules each rules page shows. Setup's rules carry no kind, so we
 * rely on their order: the first entry is the purchase terms, the second the privacy policy.
 */
export const RULE_INDEX: Record<RulesKind, number> = { purchaseTerms: 0, privacyPolicy: 1 }

/** /rules/purchase-terms and /rules/privacy-policy. */
export function RulesPage({ kind }: { kind: RulesKind }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const status = useSession((s) => s.setupStatus)
  const rule = useSession((s) => s.setup?.db.rules[RULE_INDEX[kind]])
  const name = rule === undefined ? '' : pickLocalized(rule, 'infname', lang)
  useTitle(kind, name)
  const url = rule === undefined ? undefined : safeUrl(pickLocalized(rule, 'url', lang))
  const body = rule === undefined ? '' : pickLocalized(rule, 'filebody', lang)
  return (
    <section className="page page--text" aria-labelledby="rules-title">
      <h1 id="rules-title">{name !== '' ? name : t(`titles.${kind}`)}</h1>
      {status === 'ready' && body !== '' && <SafeHtml className="rich-text" html={body} />}
      {status === 'ready' && body === '' && url !== undefined && (
        <p><a href={url} target="_blank" rel="noopener noreferrer">{t('rules.open')}</a></p>
      )}
      {status === 'ready' && body === '' && url === undefined && <p>{t('rules.empty')}</p>}
      {(status === 'loading' || status === 'idle') && <p>{t('shell.loading')}</p>}
    </section>
  )
}

/** The older /{lang}/rules and /{lang}/rules-agreement forms lead to the new pages. */
export function LegacyRulesRedirect({ kind }: { kind: RulesKind }) {
  const { lang } = useParams()
  const path = kind === 'purchaseTerms' ? '/rules/purchase-terms' : '/rules/privacy-policy'
  if (!isLang(lang)) return <NotFoundPage />
  return <Navigate to={buildLink(path, { lang, sub: false })} replace />
}
