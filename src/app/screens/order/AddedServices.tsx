import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../../contract/lang'
import { api } from '../../api/client'
import { useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import type { Toping } from './model/types'
import { useOrderAction } from './useOrderAction'

/**
 * Services added to the order; those with candelete = 1 can be removed (the order reloads), unless
 * the view is `readOnly` (OrderView: paid, or a card-scheme payment being verified).
 */
export function AddedServices({ hash, services, currency, reload, readOnly = false }: { hash: string; services: Toping[]; currency: string; reload: () => Promise<void>; readOnly?: boolean }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const { busy, run } = useOrderAction()
  if (services.length === 0) return null
  const remove = async (id: number) => {
    await run(() => api.call('orderRemoveSpecialOffer', { hash, id }).then(() => undefined))
    await reload()
  }
  return (
    <section className="added-services" aria-labelledby="added-services-title">
      <h3 id="added-services-title">{t('order.added')}</h3>
      <ul className="added-services__list">
        {services.map((s) => {
          const name = pickLocalized(s, 'action', lang)
          return (
            <li key={s.id} className="added-service" data-id={s.id}>
              <span className="added-service__name">{name}</span>
              <span className="added-service__cost">{formatMoney(s.cost, lang, currency)}</span>
              {s.candelete === 1 && !readOnly && (
                <button type="button" className="link-button added-service__remove" disabled={busy}
                  aria-label={t('order.remove-label', { name })} onClick={() => void remove(s.id)}>
                  {t('order.remove')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
