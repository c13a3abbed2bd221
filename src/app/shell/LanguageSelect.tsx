import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { DEFAULT_LANG, isLang } from '../../contract/lang'
import { LANG_NATIVE_NAME, LANG_TAG } from '../i18n/lang'
import { useSession } from '../state/session'

/** Language selector: only the languages setup lists; hidden when there is just one. */
export function LanguageSelect() {
  const { t } = useTranslation()
  const id = useId()
  const navigate = useNavigate()
  const location = useLocation()
  const lang = useSession((s) => s.lang)
  const languages = useSession((s) => s.languages)
  if (languages.length < 2) return null

  const change = (value: string) => {
    if (!isLang(value)) return
    const params = new URLSearchParams(location.search)
    params.delete('lang')
    if (value !== DEFAULT_LANG) params.set('lang', value)
    const search = params.toString()
    navigate({ pathname: location.pathname, search: search === '' ? '' : `?${search}`, hash: location.hash })
  }

  return (
    <div className="lang-select">
      <label className="visually-hidden" htmlFor={id}>{t('shell.language')}</label>
      <select id={id} className="lang-select__control" value={lang} onChange={(e) => change(e.target.value)}>
        {languages.map((l) => (
          <option key={l} value={l} lang={LANG_TAG[l]}>{LANG_NATIVE_NAME[l]}</option>
        ))}
      </select>
    </div>
  )
}
