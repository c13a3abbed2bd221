import { useTranslation } from 'react-i18next'
import { Link, matchPath, useLocation } from 'react-router-dom'
import { useLink } from '../hooks/useLinks'
import { segment } from '../lib/links'
import { useSession } from '../state/session'

/**
 * Back link (document 001 §2): on the return page it leads back to the order ("Return to Order
 * №{n}"), elsewhere to the listing ("back to ticket selection", or setup's own label when
 * db.returntoafishabutton = 1 and the page is in the storefront's language). Not shown on the
 * listing itself.
 */
export function BackLink() {
  const { t } = useTranslation()
  const link = useLink()
  const { pathname } = useLocation()
  const setup = useSession((s) => s.setup)
  const lang = useSession((s) => s.lang)
  if (pathname === '/') return null

  const returnMatch = matchPath('/order/return/:hash', pathname)
  if (returnMatch?.params.hash !== undefined) {
    // The order number needs the order-number call, which the return page will make; until
    // that page exists the link names the order without its number.
    return (
      <Link className="back-link" to={link(`/order/${segment(returnMatch.params.hash)}`)}>
        <span aria-hidden="true">← </span>{t('shell.returnToOrderPlain')}
      </Link>
    )
  }
  // setup's own label is one text in the storefront's language (app.language), so it is used
  // only when the page is in that language; other languages get our translation.
  const own = setup !== null && setup.db.returntoafishabutton === 1 && setup.app.language === lang
    ? setup.db.returntoafishaname.trim()
    : ''
  const label = own !== '' ? own : t('shell.backToTickets')
  return (
    <Link className="back-link" to={link('/')}>
      <span aria-hidden="true">← </span>{label}
    </Link>
  )
}
