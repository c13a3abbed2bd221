import { useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { EventCalendarDay } from '../../contract/entities/event'
import type { Lang } from '../../contract/lang'
import { dayParts, longDay } from './format'
import { isWeekStart, keepInView, pageBy } from './slider'
import { useSlidesPerView } from './useSlidesPerView'

/** A horizontal drag longer than this pages the strip (shorter ones are taps). */
const SWIPE_THRESHOLD_PX = 40

/**
 * The date strip (000 §2, §9): weekday, day and month per date, dates per view by viewport
 * width, paging by arrow buttons or a horizontal swipe; the chosen date is always brought into
 * view. Days that open a week (Monday in ru, Sunday in en) carry a separator. Only the visible
 * dates are rendered, so hidden ones never take keyboard focus.
 */
export function DateStrip({ days, selected, onSelect, lang }: {
  days: readonly EventCalendarDay[]
  selected: string | null
  onSelect: (day: string) => void
  lang: Lang
}) {
  const { t } = useTranslation()
  const perView = useSlidesPerView()
  const selectedIndex = days.findIndex((d) => d.day === selected)
  const [anchor, setAnchor] = useState(() => keepInView(0, selectedIndex, perView, days.length))
  // The strip follows the selection: a newly chosen date outside the view moves it.
  const [lastSelected, setLastSelected] = useState(selected)
  let start = anchor
  if (lastSelected !== selected) {
    start = keepInView(anchor, selectedIndex, perView, days.length)
    setLastSelected(selected)
    setAnchor(start)
  }
  start = keepInView(start, -1, perView, days.length)
  const visible = days.slice(start, start + perView)
  const swipe = useRef<{ x: number; id: number } | null>(null)

  const page = (direction: 1 | -1) => setAnchor(pageBy(start, direction, perView, days.length))
  const onPointerDown = (e: PointerEvent) => {
    swipe.current = { x: e.clientX, id: e.pointerId }
  }
  const onPointerUp = (e: PointerEvent) => {
    const s = swipe.current
    swipe.current = null
    if (s === null || s.id !== e.pointerId) return
    const dx = e.clientX - s.x
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) page(dx < 0 ? 1 : -1)
  }

  return (
    <div className="date-strip" role="group" aria-label={t('event.dates')}>
      <button type="button" className="date-strip__arrow" aria-label={t('event.prev-dates')} disabled={start === 0} onClick={() => page(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <ul className="date-strip__list" style={{ ['--per-view' as string]: perView }}
        onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
        {visible.map((d) => {
          const parts = dayParts(d.day, lang)
          const soldOut = d.times.every((x) => x.quantity === 0)
          const weekStarts = isWeekStart(d.day, lang)
          return (
            <li key={d.day} className={`date-strip__item${weekStarts ? ' date-strip__item--week-start' : ''}`}>
              <button type="button" className={`date-strip__day${soldOut ? ' date-strip__day--sold-out' : ''}`}
                aria-pressed={d.day === selected} title={longDay(d.day, lang)} data-day={d.day}
                onClick={() => onSelect(d.day)}>
                <span className="date-strip__weekday">{parts.weekday}</span>
                <span className="date-strip__number">{parts.day}</span>
                <span className="date-strip__month">{parts.month}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <button type="button" className="date-strip__arrow" aria-label={t('event.next-dates')} disabled={start + perView >= days.length} onClick={() => page(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  )
}
