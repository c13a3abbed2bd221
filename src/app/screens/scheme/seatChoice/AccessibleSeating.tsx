import './seatChoice.css'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../../../contract/client'
import { ACCESSIBLE_COMPANIONS_MAX } from '../../../../contract/entities/access'
import type { PriceRow } from '../../../../contract/entities/price'
import { api } from '../../../api/client'
import type { PaymentMethod } from '../../../../contract/rules/payment'
import { useCart } from '../../../state/cart'
import { useModal } from '../../../state/modal'
import { defaultRow } from '../model/refit'
import { AccessLegend } from './AccessLegend'
import { seatsByType, type SeatAccess } from './access'
import { seatList } from './seatList'

/** Companion seats asked for by default with a wheelchair space. */
const DEFAULT_COMPANIONS = 1

/**
 * Accessible seating on the scheme page (issue 20 item 3), shown when the session's map has typed
 * seats: the legend of seat types with a filter per type (AccessLegend, shared with the console's
 * studio), and accessible best available: a wheelchair space with up to ACCESSIBLE_COMPANIONS_MAX companion seats, held
 * together or not at all (POST /api/cart/best with accessible). Plain buttons and a form:
 * keyboard operable; outcomes are announced in a status region.
 */
export function AccessibleSeating({ access, calendarId, rows, method, subscritId, onShow }: {
  access: ReadonlyMap<string, SeatAccess>
  calendarId: number
  rows: readonly PriceRow[]
  method: PaymentMethod
  subscritId: number | undefined
  onShow: (seatIds: readonly string[]) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const apply = useCart((s) => s.apply)
  const showModal = useModal((s) => s.show)
  const [companions, setCompanions] = useState(DEFAULT_COMPANIONS)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  const types = seatsByType(access)
  if (types.length === 0) return null
  const spaces = types.find(([type]) => type === 'wheelchair')?.[1] ?? []

  const find = async () => {
    const space = access.get(spaces[0])
    const zoneRow = rows.find((r) => defaultRow(rows, r.zonelevel_id, method) === r)
    if (!space || !zoneRow) return
    setBusy(true)
    try {
      const answer = await api.call('cartBest', {
        calendar_id: calendarId,
        quantity: 1 + companions,
        clientcategory_id: zoneRow.clientcategory_id,
        accessible: true,
        USE_PUSHKIN_CARD: method === 'gift' ? 1 : 0,
        ...(subscritId === undefined ? {} : { subscritId }),
      })
      apply(answer, Date.now())
      setSaid(t('access.held', { seats: seatList(answer.items.filter((i) => answer.chosen.includes(i.seat_id)), t) }))
      onShow(answer.chosen)
    } catch (e) {
      setSaid('')
      if (e instanceof ApiCallError && e.status !== 0) showModal({ kind: 'warning', text: e.errorText })
      else console.error('accessible best seats failed', e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="best-seats access-seating" aria-labelledby={`${id}-title`} data-testid="access-seating">
      <h2 id={`${id}-title`} className="section-title">{t('access.title')}</h2>
      <AccessLegend access={access} onShow={onShow} say={setSaid} />
      {spaces.length > 0 && (
        <form className="best-seats__form" onSubmit={(e) => {
          e.preventDefault()
          void find()
        }}>
          <label className="best-seats__field">
            <span>{t('access.companions')}</span>
            <select value={companions} onChange={(e) => setCompanions(Number(e.target.value))}>
              {Array.from({ length: ACCESSIBLE_COMPANIONS_MAX + 1 }, (_, i) => i).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>{t('access.find')}</button>
        </form>
      )}
      <p role="status" className="best-seats__status">{said}</p>
    </section>
  )
}
