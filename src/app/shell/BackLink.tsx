import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setupTextIn } from '../../contract/rules/setupTexts'
import { api } from '../api/client'
import { Link, matchPath, useLocation } from 'react-router-dom'
import { useLink } from '../hooks/useLinks'
import { segment } from '../lib/links'
import { useSession } from '../state/session'

/**
 * Back link (document 001 §2): on the return page it leads back to the order ("Return to Order
 * №{n}"), elsewhere to the listing ("back to ticket selection", or setup's own label when
 * db.returntoafishabutton = 1 and the venue wrote it in the page's language). Not shown on the
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
  if (returnMatch?.params.hash !== undefined) return <ReturnToOrder hash={returnMatch.params.hash} />
  // setup's own label where the venue wrote it in the page's language (its translation
  // returntoafishaname_{lang}, or the plain one on a page in the storefront's language); other
  // languages get our translation rather than a label in another language (rules/setupTexts.ts).
  const own = setup !== null && setup.db.returntoafishabutton === 1
    ? setupTextIn(setup.db, 'returntoafishaname', setup.app.language, lang)
    : ''
  const label = own !== '' ? own : t('shell.backToTickets')
  return (
    <Link className="back-link" to={link('/')}>
      <span aria-hidden="true">← </span>{label}
    </Link>
  )
}

/**
 * "Return to Order №{n}" (001 §2): the number comes from the get-order-number call; until it
 * answers (or when the order is unknown) the link names the order without its number.
 */
function ReturnToOrder({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  const [num, setNum] = useState<number | null>(null)
  useEffect(() => {
    let cancelled = false
    api.call('orderGetNum', { hash, lang }).then(
      (answer) => {
        if (!cancelled) setNum(answer.response.num)
      },
      // Network failures are only logged (001 §8); the plain label stays.
      (error: unknown) => console.warn('order number failed', error),
    )
    return () => {
      cancelled = true
    }
  }, [hash, lang])
  return (
    <Link className="back-link" to={link(`/order/${segment(hash)}`)}>
      <span aria-hidden="true">← </span>{num === null ? t('shell.returnToOrderPlain') : t('shell.returnToOrder', { num })}
    </Link>
  )
}
