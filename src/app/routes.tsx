import type { RouteObject } from 'react-router-dom'
import { ContactsPage } from './pages/ContactsPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { LegacyRulesRedirect, RulesPage } from './pages/RulesPage'
import { loadInStages } from './boot/stages'
import { prestartSeatMap } from './seatmap/prestart'
import { Layout } from './shell/Layout'

/**
 * Every route of both spec documents (history mode). Screens that later issues build show the
 * "not available yet" page under their own title.
 *
 * Each storefront screen is its own chunk, loaded through the route's `lazy` (issue 16.2): the
 * router fetches it before it renders the route, so there is no Suspense fallback to flash, and
 * the entry (shell, router, i18n) no longer evaluates every screen's code in one long task on
 * the first load. The small text pages stay in the entry.
 */
/**
 * What shows while the first screen's chunk loads on a page's first load: nothing, as before (the
 * chunk is preloaded with the entry, boot/routeChunks.ts, so there is nothing worth flashing);
 * named so that react-router does not warn about a missing one on every first load.
 */
function FirstLoad(): null {
  return null
}

export const routes: RouteObject[] = [
  // The operator console (issue 17): its own chunk, loaded only at /admin, so the storefront's
  // bundle does not grow with it.
  { path: '/admin/*', HydrateFallback: FirstLoad, lazy: async () => ({ Component: (await import('./admin/AdminApp')).AdminApp }) },
  // The door check-in app (issue 19.4): its own chunk too, with its service worker's scope.
  { path: '/door/*', HydrateFallback: FirstLoad, lazy: async () => ({ Component: (await import('./door/DoorApp')).DoorApp }) },
  {
    path: '/',
    element: <Layout />,
    HydrateFallback: FirstLoad,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./afisha/AfishaPage')).AfishaPage }) },
      { path: 'contacts', element: <ContactsPage /> },
      { path: 'event/:hash/:date?/:time?', lazy: async () => ({ Component: (await import('./screens/event/EventPage')).EventScreen }) },
      // The seat map's workers start before the scheme chunk is even requested (prestart.ts lives
      // in the entry); SchemeScreen starts them again on later visits, when lazy is not called.
      {
        path: 'scheme/:hash/:date?/:time?',
        lazy: async () => {
          prestartSeatMap()
          // The phone number library (the buyer form's, ~150 kB) evaluates in a task of its own
          // before the screen's chunk: together they made one 50-70 ms task (issue 16).
          const screen = await loadInStages([() => import('./forms/phone')], () => import('./screens/scheme/SchemePage'))
          return { Component: screen.SchemeScreen }
        },
      },
      { path: 'order/:hash', lazy: async () => ({ Component: (await import('./screens/order/OrderScreen')).OrderScreen }) },
      { path: 'order/return/:hash', lazy: async () => ({ Component: (await import('./screens/returns/ReturnScreen')).ReturnScreen }) },
      { path: 'order/declined/:hash', lazy: async () => ({ Component: (await import('./screens/declined/DeclinedPage')).DeclinedPage }) },
      { path: 'nominal-tickets/:hash', lazy: async () => ({ Component: (await import('./screens/nominal/NominalScreen')).NominalScreen }) },
      { path: 'ticket/:hash', lazy: async () => ({ Component: (await import('./screens/ticket/TicketPage')).TicketPage }) },
      { path: 'rules/purchase-terms', element: <RulesPage kind="purchaseTerms" /> },
      { path: 'rules/privacy-policy', element: <RulesPage kind="privacyPolicy" /> },
      { path: ':lang/rules', element: <LegacyRulesRedirect kind="purchaseTerms" /> },
      { path: ':lang/rules-agreement', element: <LegacyRulesRedirect kind="privacyPolicy" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
