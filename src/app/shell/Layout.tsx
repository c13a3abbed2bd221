import { useDeferredValue, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useMatches } from 'react-router-dom'
import { useSession } from '../state/session'
import { Footer } from './Footer'
import { Header } from './Header'
import { ModalHost } from './ModalHost'
import { useScreenEntry } from './screenEntry'
import { ScrollTop } from './ScrollTop'
import { SessionSync } from './SessionSync'

/** Id of the main landmark: the skip link's and the scroll-top button's target. */
export const MAIN_ID = 'main'

/** The application shell around every route. */
export function Layout() {
  const { t } = useTranslation()
  const setupStatus = useSession((s) => s.setupStatus)
  const loadSetup = useSession((s) => s.loadSetup)
  // The header and footer draw nothing until setup arrives, and then a few hundred elements: in
  // the store's update (useSyncExternalStore: a synchronous, unsliced render) that was part of one
  // task of 175 ms of CPU at the phone profile's 4x in a trace of the scheme page (issue 16: no
  // main-thread task over 50 ms). They mount once the deferred value follows, in a render React
  // slices into 5 ms pieces; until then they are not mounted, so the store's update does not
  // render them synchronously either.
  // `data-shell` on main says when they are in (tests wait on it before counting them).
  const shell = useDeferredValue(useSession((s) => s.setup !== null))
  // With the scroll-top button on and no footer, main keeps the room under the button at the
  // page's end (shell.css), so the last card or the pay button is never left under it.
  const mainClearsCorner = useSession((s) => s.setup?.app.scroll_top === 1 && s.setup.app.footer !== 1)
  const main = useRef<HTMLElement>(null)
  useScreenEntry(screenOf(useMatches()), main)
  return (
    <>
      <SessionSync />
      <a className="skip-link" href={`#${MAIN_ID}`}>{t('shell.skipToContent')}</a>
      {shell && <Header />}
      <main id={MAIN_ID} ref={main} className={`site-main${mainClearsCorner ? ' site-main--clear-corner' : ''}`} tabIndex={-1}
        data-shell={shell ? 'ready' : 'pending'}>
        {setupStatus === 'error' && (
          <div className="notice notice--error" role="alert">
            <p>{t('shell.loadFailed')}</p>
            <button type="button" className="button" onClick={() => void loadSetup()}>{t('shell.retry')}</button>
          </div>
        )}
        <Outlet />
      </main>
      {shell && <Footer />}
      {shell && <ScrollTop />}
      <ModalHost />
    </>
  )
}

/**
 * The screen a route shows, for useScreenEntry: the deepest route and the event or order it is
 * about (its `hash`), not the date and time chosen within it nor the query.
 */
function screenOf(matches: readonly { id: string; params: Readonly<Record<string, string | undefined>> }[]): string {
  const leaf = matches[matches.length - 1]
  return leaf === undefined ? '' : `${leaf.id}|${leaf.params.hash ?? ''}`
}
