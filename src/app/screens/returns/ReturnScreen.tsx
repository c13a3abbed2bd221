import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { HASH_CONF_MIN_LENGTH } from '../../../contract/constants'
import { ErrorCode } from '../../../contract/errors'
import { useLink } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { segment } from '../../lib/links'
import { useSession } from '../../state/session'
import { hashConfFromSearch } from './model'
import { ReturnView } from './ReturnView'
import { useReturnData } from './useReturnData'
import '../../forms/forms.css'
import './returns.css'

/**
 * Route element of /order/return/{hash} (query hash_conf from the e-mailed link). A new language
 * reads the return data again in it (useReturnData) with the form kept: the ticked tickets, the
 * reason, the consent and the 'e-mail sent' notice stay.
 */
export function ReturnScreen() {
  const { hash = '' } = useParams()
  const { search } = useLocation()
  const hashConf = hashConfFromSearch(search, HASH_CONF_MIN_LENGTH)
  useTitle('returnOrder')
  return <ReturnLoader key={`${hash}:${hashConf ?? ''}`} hash={hash} hashConf={hashConf} />
}

function ReturnLoader({ hash, hashConf }: { hash: string; hashConf: string | null }) {
  const { t } = useTranslation()
  const link = useLink()
  const navigate = useNavigate()
  const lang = useSession((s) => s.lang)
  const state = useReturnData(hash, lang, hashConf)
  const notAllowed = state.data !== null && state.data.error_code !== ErrorCode.OK
  // Our addition: a refusal the visitor can act on (tickets bought at the box office) says so here;
  // any other refusal goes back to the order's view as 001 §4 says.
  const refusal = notAllowed ? (state.data?.error_text ?? '') : ''

  useEffect(() => {
    // Return not allowed for this order: back to its view (001 §4).
    if (notAllowed && refusal === '') navigate(link(`/order/${segment(hash)}`), { replace: true })
  }, [notAllowed, refusal, navigate, link, hash])

  if (refusal !== '') {
    return (
      <section className="page page--message" aria-labelledby="return-refused-title">
        <h1 id="return-refused-title">{t('returns.title')}</h1>
        <p role="status">{refusal}</p>
        <p><Link className="button button--primary" to={link(`/order/${segment(hash)}`)}>{t('shell.returnToOrderPlain')}</Link></p>
      </section>
    )
  }

  if (state.status === 'loading' || notAllowed) {
    return (
      <section className="page return-page return-page--loading" aria-busy="true">
        <p role="status">{t('returns.loading')}</p>
      </section>
    )
  }
  if (state.status !== 'ready' || state.data === null) {
    const missing = state.status === 'not-found'
    return (
      <section className="page page--message" aria-labelledby="return-missing-title">
        <h1 id="return-missing-title">{missing ? t('returns.not-found') : t('returns.load-failed')}</h1>
        {missing && <p>{t('returns.not-found-text')}</p>}
        <p><Link className="button button--primary" to={link('/')}>{t('returns.toAfisha')}</Link></p>
      </section>
    )
  }
  return <ReturnView hash={hash} data={state.data} loadedAt={state.loadedAt} lang={lang} hashConf={hashConf} reload={state.reload} refresh={state.refresh} />
}
