import { useTranslation } from 'react-i18next'
import type { EventCalendarDay } from '../../contract/entities/event'

/**
 * Time chips of the chosen date (000 §2): each shows its time and, below setup's
 * const.price_limit, the tickets left. A time without tickets cannot be chosen.
 */
export function TimeChips({ day, selected, onSelect, priceLimit }: {
  day: EventCalendarDay
  selected: string | null
  onSelect: (time: string) => void
  priceLimit: number
}) {
  const { t } = useTranslation()
  return (
    <div className="time-chips" role="group" aria-label={t('event.time')}>
      {day.times.map((slot) => {
        const none = slot.quantity === 0
        const showCount = !none && slot.quantity < priceLimit
        return (
          <button key={slot.time} type="button" className="chip time-chip" aria-pressed={slot.time === selected}
            disabled={none} data-time={slot.time}
            aria-label={none ? t('event.time-label-none', { time: slot.time }) : showCount ? t('event.time-label', { time: slot.time, count: slot.quantity }) : undefined}
            onClick={() => onSelect(slot.time)}>
            <span className="time-chip__time">{slot.time}</span>
            {showCount && <span className="time-chip__left">{t('event.time-left', { count: slot.quantity })}</span>}
            {none && <span className="time-chip__left">{t('event.time-none')}</span>}
          </button>
        )
      })}
    </div>
  )
}
