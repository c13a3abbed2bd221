import type { RouteObject } from 'react-router-dom'
import { AfishaPage } from './afisha/AfishaPage'
import { ContactsPage } from './pages/ContactsPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { LegacyRulesRedirect, RulesPage } from './pages/RulesPage'
import { DeclinedPage } from './screens/declined/DeclinedPage'
import { EventScreen } from './screens/event/EventPage'
import { NominalScreen } from './screens/nominal/NominalScreen'
import { OrderScreen } from './screens/order/OrderScreen'
import { ReturnScreen } from './screens/returns/ReturnScreen'
import { SchemeScreen } from './screens/scheme/SchemePage'
import { TicketPage } from './screens/ticket/TicketPage'
import { Layout } from './shell/Layout'

/**
 * Every route of both spec documents (history mode). Screens that later issues build show the
 * "not available yet" page under their own title.
 */
export const routes: RouteObject[] = [
  // The operator console (issue 17): its own chunk, loaded only at /admin, so the storefront's
  // bundle does not grow with it.
  { path: '/admin/*', lazy: async () => ({ Component: (await import('./admin/AdminApp')).AdminApp }) },
  // The door check-in app (issue 19.4): its own chunk too, with its service worker's scope.
  { path: '/door/*', lazy: async () => ({ Component: (await import('./door/DoorApp')).DoorApp }) },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <AfishaPage /> },
      { path: 'contacts', element: <ContactsPage /> },
      { path: 'event/:hash/:date?/:time?', element: <EventScreen /> },
      { path: 'scheme/:hash/:date?/:time?', element: <SchemeScreen /> },
      { path: 'order/:hash', element: <OrderScreen /> },
      { path: 'order/return/:hash', element: <ReturnScreen /> },
      { path: 'order/declined/:hash', element: <DeclinedPage /> },
      { path: 'nominal-tickets/:hash', element: <NominalScreen /> },
      { path: 'ticket/:hash', element: <TicketPage /> },
      { path: 'rules/purchase-terms', element: <RulesPage kind="purchaseTerms" /> },
      { path: 'rules/privacy-policy', element: <RulesPage kind="privacyPolicy" /> },
      { path: ':lang/rules', element: <LegacyRulesRedirect kind="purchaseTerms" /> },
      { path: ':lang/rules-agreement', element: <LegacyRulesRedirect kind="privacyPolicy" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
