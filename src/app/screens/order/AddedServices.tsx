import { useRef, type Ref, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../../contract/lang'
import { api } from '../../api/client'
import { useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import type { Toping } from './model/types'
import { useFocusLater } from './useFocusLater'
import { useOrderAction } from './useOrderAction'

const TITLE_ID = 'added-services-title'

/**
 * Services added to the order; those with candelete = 1 can be removed (the order reloads), unless
 * the view is `readOnly` (OrderView: paid, or a card-scheme payment being verified). A removed
 * service takes its button with it: the focus goes to the remove button now in its place (or the
 * one before), else the list's heading, else `afterLast` (the offers button, back once the last
 * service is gone). The heading takes the focus (titleRef) once offers are added.
 */
export function AddedServices({ hash, services, currency, reload, readOnly = false, titleRef, afterLast }: {
  hash: string
  services: Toping[]
  currency: string
  reload: () => Promise<void>
  readOnly?: boolean
  titleRef?: Ref<HTMLHeadingElement>
  afterLast?: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const { busy, run } = useOrderAction()
  const listRef = useRef<HTMLUListElement>(null)
  const focusLater = useFocusLater()
  if (services.length === 0) return null
  const remove = async (id: number, index: number) => {
    const removed = await run(() => api.call('orderRemoveSpecialOffer', { hash, id }).then(() => undefined))
    await reload()
    // A refusal's message modal gives the focus back itself (ModalHost).
    if (removed) focusLater(() => {
      const removeOf = (i: number) => listRef.current?.children[i]?.querySelector<HTMLElement>('.added-service__remove')
      return [removeOf(index), removeOf(index - 1), document.getElementById(TITLE_ID), afterLast?.current]
    })
  }
  return (
    <section className="added-services" aria-labelledby={TITLE_ID}>
      <h3 id={TITLE_ID} ref={titleRef} tabIndex={-1}>{t('order.added')}</h3>
      <ul className="added-services__list" ref={listRef}>
        {services.map((s, index) => {
          const name = pickLocalized(s, 'action', lang)
          return (
            <li key={s.id} className="added-service" data-id={s.id}>
              <span className="added-service__name">{name}</span>
              <span className="added-service__cost">{formatMoney(s.cost, lang, currency)}</span>
              {s.candelete === 1 && !readOnly && (
                <button type="button" className="link-button added-service__remove" disabled={busy}
                  aria-label={t('order.remove-label', { name })} onClick={() => void remove(s.id, index)}>
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
