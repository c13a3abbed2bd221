import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../contract/lang'
import { isExternal, pickLogo, safeUrl } from '../lib/assets'
import { useLink } from '../hooks/useLinks'
import { useSession } from '../state/session'

/** Screens at most this wide get the mobile logo (matches the CSS phone breakpoint). */
export const MOBILE_LOGO_MEDIA = '(max-width: 600px)'

/** Header logo: per-language and mobile variants; links to url_logo, else the listing. */
export function Logo() {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  const setup = useSession((s) => s.setup)
  if (setup === null) return null
  const sources = pickLogo(setup.app, lang)
  const target = safeUrl(setup.app.url_logo)
  // Internal targets keep lang and sub; external ones are left as the operator wrote them.
  const internalTo = target === undefined ? link('/') : !isExternal(target) && !target.includes('?') ? link(target) : null
  if (sources === null) {
    // Without a logo image the storefront's name is the home link.
    const name = pickLocalized(setup, 'title', lang)
    const text = name !== '' ? name : t('meta.appName')
    return internalTo !== null
      ? <Link className="logo logo--text" to={internalTo}>{text}</Link>
      : <a className="logo logo--text" href={target}>{text}</a>
  }
  const image = (
    <picture>
      {sources.mobileSrc !== undefined && <source media={MOBILE_LOGO_MEDIA} srcSet={sources.mobileSrc} />}
      <img className="logo__img" src={sources.src} width={setup.app.logo_width} alt={t('shell.logo')} />
    </picture>
  )
  return internalTo !== null
    ? <Link className="logo" to={internalTo}>{image}</Link>
    : <a className="logo" href={target}>{image}</a>
}
