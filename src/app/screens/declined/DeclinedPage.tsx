import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { api } from '../../api/client'
import { useLink } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { segment } from '../../lib/links'
import { useSession } from '../../state/session'
import './declined.css'

/** The spec's possible causes of a declined payment (001 §2), in its order. */
const CAUSES = ['card', '3ds', 'funds', 'banned', 'timeout', 'booking'] as const

type State = { status: 'loading' } | { status: 'ready'; num: number } | { status: 'missing' }

/**
 * /order/declined/{hash}: the failure notice with the order number (POST /api/order/get-num),
 * the possible causes and a link back to the order; 'Data not found' when no number comes back.
 * A new language asks for the number again with the page kept (no 'loading' in between, the focus
 * where it was); a new hash mounts a fresh page.
 */
export function DeclinedPage() {
  const { hash = '' } = useParams()
  return <Declined key={hash} hash={hash} />
}

function Declined({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  const [state, setState] = useState<State>({ status: 'loading' })
  useTitle('orderCancelled')

  useEffect(() => {
    let alive = true
    api.call('orderGetNum', { hash, lang }).then(
      (answer) => {
        if (alive) setState(answer.response.num > 0 ? { status: 'ready', num: answer.response.num } : { status: 'missing' })
      },
      (error: unknown) => {
        console.error('order number failed', error)
        if (alive) setState({ status: 'missing' })
      },
    )
    return () => {
      alive = false
    }
  }, [hash, lang])

  if (state.status === 'loading') return <p className="declined__status" role="status">{t('declined.loading')}</p>
  if (state.status === 'missing') {
    return (
      <section className="page page--message declined" aria-labelledby="declined-title">
        <h1 id="declined-title">{t('declined.not-found')}</h1>
        <p><Link className="button button--primary" to={link('/')}>{t('order.toAfisha')}</Link></p>
      </section>
    )
  }
  return (
    <section className="page page--message declined" aria-labelledby="declined-title">
      <div className="notice notice--error declined__notice">
        <h1 id="declined-title">{t('declined.title')}</h1>
        <p className="declined__text">{t('declined.text', { num: state.num })}</p>
      </div>
      <h2 className="declined__causes-title">{t('declined.causes')}</h2>
      <ul className="declined__causes">
        {CAUSES.map((c) => <li key={c}>{t(`declined.cause-${c}`)}</li>)}
      </ul>
      <p>
        <Link className="button button--primary declined__back" to={link(`/order/${segment(hash)}`)}>
          {t('declined.back', { num: state.num })}
        </Link>
      </p>
    </section>
  )
}
