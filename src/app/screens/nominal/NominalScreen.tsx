import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { useLink, useLinkContext } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { buildLink, segment } from '../../lib/links'
import { useSession } from '../../state/session'
import { chosenDayText } from '../../kernel/format'
import { NominalForm } from './NominalForm'
import { useOrderData } from './useOrderData'
import '../../forms/forms.css'
import './nominal.css'

/**
 * Route element of /nominal-tickets/{hash}; a new hash loads afresh. A new language reads the
 * order's data again in it (useOrderData) with the form kept: what the visitor typed for each
 * ticket and the ticked consents stay, as the event page keeps its buyer form.
 */
export function NominalScreen() {
  const { hash = '' } = useParams()
  useTitle('orderConfirmation')
  return <NominalLoader key={hash} hash={hash} />
}

function NominalLoader({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const linkCtx = useLinkContext()
  const navigate = useNavigate()
  const lang = useSession((s) => s.lang)
  const state = useOrderData(hash, lang)
  const status = state.status === 'ready' && state.data !== null ? state.data.rows[0].demandstatusid : null
  const done = status === ORDER_STATUS_CONFIRMED || status === ORDER_STATUS_CANCELLED

  useEffect(() => {
    // Confirmed or cancelled orders have nothing to fill in: their order view (000 §4).
    if (done) navigate(buildLink(`/order/${segment(hash)}`, linkCtx), { replace: true })
  }, [done, navigate, hash]) // eslint-disable-line react-hooks/exhaustive-deps

  if (state.status === 'loading' || done) {
    return <section className="page nominal" aria-busy="true"><p role="status">{t('nominal.loading')}</p></section>
  }
  if (state.status !== 'ready' || state.data === null) {
    return (
      <section className="page page--message" aria-labelledby="nominal-missing-title">
        <h1 id="nominal-missing-title">{state.status === 'not-found' ? t('nominal.deleted') : t('nominal.load-failed')}</h1>
        <p><Link className="button button--primary" to={link('/')}>{t('nominal.to-afisha')}</Link></p>
      </section>
    )
  }
  const first = state.data.rows[0]
  return (
    <section className="page nominal" aria-labelledby="nominal-title">
      <h1 id="nominal-title">{t('nominal.title')}</h1>
      <p className="nominal__lead">
        {t('nominal.order', { num: first.ord_num })} · {first.action} · {chosenDayText(t, first.day, first.time, lang)}
      </p>
      <p className="nominal__hint">{t('nominal.hint')}</p>
      <NominalForm hash={hash} data={state.data} loadedAt={state.loadedAt} />
    </section>
  )
}
