import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { APP_VERSION, FOOTER_LOGO_WIDTH } from '../../contract/constants'
import { isLang, pickLocalized } from '../../contract/lang'
import { sellerInfoFor } from '../../contract/rules/sellerInfo'
import { cacheBust, isExternal, safeUrl } from '../lib/assets'
import { useLink } from '../hooks/useLinks'
import { LANG_TAG } from '../i18n/lang'
import { useSession } from '../state/session'
import { SafeHtml } from './SafeHtml'

/** Page footer from setup (links, texts, db info); shown only when app.footer = 1. */
export function Footer() {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  const setup = useSession((s) => s.setup)
  if (setup === null || setup.app.footer !== 1) return null
  const { app, db } = setup
  const logo = safeUrl(app.logo)
  const text = pickLocalized(app, 'footer_text', lang)
  // The seller's details in the page's language where translated, else marked with their own.
  const info = sellerInfoFor(db, app.language, lang)
  return (
    // With the scroll-top button on, the footer's end keeps room under it (shell.css).
    <footer className={`site-footer${app.scroll_top === 1 ? ' site-footer--clear-corner' : ''}`} aria-label={t('shell.footer')}>
      <div className="site-footer__inner">
        {logo !== undefined && (
          <img className="site-footer__logo" src={cacheBust(logo)} width={FOOTER_LOGO_WIDTH} alt="" />
        )}
        <ul className="site-footer__links">
          {app.footer_links.map((item, i) => {
            const href = safeUrl(item.url)
            const label = pickLocalized(item, 'text', lang)
            if (href === undefined || label === '') return null
            return (
              <li key={`${i}-${href}`}>
                {isExternal(href)
                  ? <a href={href} target="_blank" rel="noopener noreferrer">{label}</a>
                  : <Link to={href.includes('?') ? href : link(href)}>{label}</Link>}
              </li>
            )
          })}
        </ul>
        {text !== '' && <SafeHtml className="site-footer__text" html={text} />}
        {app.footer_db_info === 1 && info.html !== '' && (
          <SafeHtml className="site-footer__info" html={info.html} lang={info.lang === lang || !isLang(info.lang) ? undefined : LANG_TAG[info.lang]} />
        )}
        <p className="site-footer__version">{t('shell.version', { version: APP_VERSION })}</p>
      </div>
    </footer>
  )
}
