import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import type { i18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { createI18n } from '../i18n'
import { LANG_TAG, resolveLang } from '../i18n/lang'
import { routes } from '../routes'
import { useSession } from '../state/session'

/**
 * Boot stage 9 (see main.tsx): i18n, the shell and the routes evaluate as this module loads.
 * Then three steps, each its own task (main.tsx yields between them): prepare() sets the language
 * and builds i18n (merging the four languages' texts), createRouter() creates the router (which
 * starts the current route's lazy chunk), mount() renders. In one task they were 44-48 ms of CPU in a trace
 * on the loaded box (react-router's route matching 67 ms of samples, i18next 24), the longest
 * start-up task left after the entity stages were quartered (issue 16).
 */
export function prepare(): i18n {
  // The first render already speaks the URL's language; setup may narrow it once it arrives.
  const initialLang = resolveLang(new URLSearchParams(window.location.search).get('lang'), [])
  useSession.getState().setLang(initialLang)
  document.documentElement.lang = LANG_TAG[initialLang]
  return createI18n(initialLang)
}

/**
 * Creates the router (react-router ranks the routes and matches the URL, and the current route's
 * lazy chunk starts): a task of its own before mount()'s, as the two together were the longest
 * task left in the start-up at the phone profile (240 ms of CPU at 4x, issue 16).
 */
export function createRouter(): AppRouter {
  return createBrowserRouter(routes)
}

export type AppRouter = ReturnType<typeof createBrowserRouter>

/** Renders the app with prepare()'s i18n and createRouter()'s router. */
export function mount(i18n: i18n, router: AppRouter): void {
  const root = document.getElementById('root')
  if (root === null) throw new Error('index.html has no #root element')

  // In a transition React renders in slices of a few milliseconds and yields between them, so
  // the shell's first render (70-90 ms in one task before) never holds the main thread for long.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StrictMode>,
    )
  })
}
