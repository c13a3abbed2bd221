import './seatChoice.css'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccessType } from '../../../../contract/entities/access'
import type { Lang } from '../../../../contract/lang'
import { ACCESS_ICONS, seatsByType, type SeatAccess } from './access'
import { seatList } from './seatList'

/**
 * The access texts in `lang` when given (the console speaks its operator's language, which may
 * differ from the storefront's), else in the page's language. One home for the seat types' words.
 */
export function useAccessT(lang?: Lang) {
  const { t, i18n } = useTranslation()
  return lang === undefined ? t : i18n.getFixedT(lang)
}

/** A seat's type as the map's tooltip shows it (icon and words), or null for an ordinary seat. */
export function accessNote(access: ReadonlyMap<string, SeatAccess> | null | undefined, key: string, t: ReturnType<typeof useAccessT>) {
  const a = access?.get(key)
  return a ? { label: t('access.type'), text: `${ACCESS_ICONS[a.type]} ${t(`access.types.${a.type}`)}` } : null
}

/**
 * The legend of a map's accessible seat types (issue 20 item 3), shared by the storefront's scheme
 * page and the console's studio: a button per type with its icon, words and count; pressed, the
 * map flies to those seats (onShow) and the list below names each one, so a screen-reader user
 * hears them; `say` announces it. Renders nothing when the map has no typed seat.
 */
export function AccessLegend({ access, onShow, say, lang }: {
  access: ReadonlyMap<string, SeatAccess>
  onShow: (seatIds: readonly string[]) => void
  say: (text: string) => void
  lang?: Lang
}) {
  const t = useAccessT(lang)
  const [filter, setFilter] = useState<AccessType | null>(null)
  const types = seatsByType(access)
  if (types.length === 0) return null
  const shown = filter === null ? [] : (types.find(([type]) => type === filter)?.[1] ?? [])
  const typeText = (type: AccessType) => t(`access.types.${type}`)

  const toggle = (type: AccessType, ids: string[]) => {
    const next = filter === type ? null : type
    setFilter(next)
    if (next !== null) {
      onShow(ids)
      say(t('access.shown', { n: ids.length, type: typeText(type) }))
    } else say('')
  }

  return (
    <>
      <ul className="access-seating__legend">
        {types.map(([type, ids]) => (
          <li key={type} data-access={type}>
            <button type="button" className="button" aria-pressed={filter === type} onClick={() => toggle(type, ids)}>
              <span aria-hidden="true" className="access-seating__icon">{ACCESS_ICONS[type]}</span> {t('access.filter', { type: typeText(type), n: ids.length })}
            </button>
          </li>
        ))}
      </ul>
      {shown.length > 0 && (
        <ul className="access-seating__seats" aria-label={typeText(filter!)} data-testid="access-filtered">
          {shown.map((seatId) => {
            const a = access.get(seatId)!
            return (
              <li key={seatId} data-seat={seatId}>
                {seatList([a], t)} — {typeText(a.type)}
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
