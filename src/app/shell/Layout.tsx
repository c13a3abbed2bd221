import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router-dom'
import { useSession } from '../state/session'
import { Footer } from './Footer'
import { Header } from './Header'
import { ModalHost } from './ModalHost'
import { ScrollTop } from './ScrollTop'
import { SessionSync } from './SessionSync'

/** Id of the main landmark: the skip link's and the scroll-top button's target. */
export const MAIN_ID = 'main'

/** The application shell around every route. */
export function Layout() {
  const { t } = useTranslation()
  const setupStatus = useSession((s) => s.setupStatus)
  const loadSetup = useSession((s) => s.loadSetup)
  return (
    <>
      <SessionSync />
      <a className="skip-link" href={`#${MAIN_ID}`}>{t('shell.skipToContent')}</a>
      <Header />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        {setupStatus === 'error' && (
          <div className="notice notice--error" role="alert">
            <p>{t('shell.loadFailed')}</p>
            <button type="button" className="button" onClick={() => void loadSetup()}>{t('shell.retry')}</button>
          </div>
        )}
        <Outlet />
      </main>
      <Footer />
      <ScrollTop />
      <ModalHost />
    </>
  )
}
