import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { DEFAULT_LANG } from '../../contract/lang'
import { LANG_TAG, resolveLang } from '../i18n/lang'
import { withoutQuery } from '../lib/links'
import { useSession } from '../state/session'

/** Query parameter carrying the CRM sign-in token. */
export const CRM_QUERY = 'crm'

/** Tokens already posted in this page load (StrictMode runs effects twice in development). */
const postedTokens = new Set<string>()

/**
 * Keeps the session in step with the URL: loads setup once, resolves the language from ?lang
 * (limited to setup's languages) into the store, i18next and <html lang>, rewrites a ?lang the
 * storefront does not offer, and signs the CRM client in from ?crm= then drops the token.
 */
export function SessionSync() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { i18n } = useTranslation()
  const setupStatus = useSession((s) => s.setupStatus)
  const languages = useSession((s) => s.languages)
  const setLang = useSession((s) => s.setLang)
  const loadSetup = useSession((s) => s.loadSetup)
  const signInCrm = useSession((s) => s.signInCrm)

  useEffect(() => {
    if (setupStatus === 'idle') void loadSetup()
  }, [setupStatus, loadSetup])

  const queryLang = params.get('lang')
  const lang = resolveLang(queryLang, languages)

  useEffect(() => {
    setLang(lang)
    if (i18n.language !== lang) void i18n.changeLanguage(lang)
    document.documentElement.lang = LANG_TAG[lang]
  }, [lang, setLang, i18n])

  // Once setup says which languages exist, an unknown or default ?lang leaves the URL.
  useEffect(() => {
    if (setupStatus !== 'ready' || queryLang === null) return
    if (queryLang === lang && lang !== DEFAULT_LANG) return
    const next = new URLSearchParams(location.search)
    next.delete('lang')
    if (lang !== DEFAULT_LANG) next.set('lang', lang)
    const search = next.toString()
    navigate({ pathname: location.pathname, search: search === '' ? '' : `?${search}`, hash: location.hash }, { replace: true })
  }, [setupStatus, queryLang, lang, location.pathname, location.search, location.hash, navigate])

  const crmToken = params.get(CRM_QUERY)
  useEffect(() => {
    if (crmToken === null || crmToken === '' || postedTokens.has(crmToken)) return
    postedTokens.add(crmToken)
    void signInCrm(crmToken).finally(() => {
      // The token is a credential: it must not stay in the address bar or in history.
      navigate(withoutQuery(window.location.pathname, window.location.search, window.location.hash, [CRM_QUERY]), { replace: true })
    })
  }, [crmToken, signInCrm, navigate])

  return null
}
