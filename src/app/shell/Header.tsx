import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { headerColors } from '../lib/color'
import { useLink } from '../hooks/useLinks'
import { useSession } from '../state/session'
import { AccountLink } from './AccountLink'
import { BackLink } from './BackLink'
import { LanguageSelect } from './LanguageSelect'
import { Logo } from './Logo'
import { RulesMenu } from './RulesMenu'

/** Page header from setup; shown only when setup's app.header = 1. */
export function Header() {
  const { t } = useTranslation()
  const link = useLink()
  const app = useSession((s) => s.setup?.app)
  if (app === undefined || app.header !== 1) return null
  const colors = headerColors(app.header_background)
  const style = colors === null ? undefined : { background: colors.background, color: colors.text }
  return (
    <header className="site-header" style={style}>
      <div className="site-header__bar">
        <Logo />
        <nav className="site-header__nav" aria-label={t('shell.mainNav')}>
          <Link className="site-header__link" to={link('/contacts')}>{t('shell.contacts')}</Link>
          <RulesMenu />
          <AccountLink />
          <LanguageSelect />
        </nav>
      </div>
      <div className="site-header__back">
        <BackLink />
      </div>
    </header>
  )
}
