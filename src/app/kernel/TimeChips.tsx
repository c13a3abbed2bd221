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
        const left = none ? t('event.time-none') : showCount ? t('event.time-left', { count: slot.quantity }) : null
        return (
          // The name is what the chip shows ("11:00 58 left"; the space, which the flex layout
          // ignores, keeps the two apart when spoken): a voice user says what he sees (WCAG 2.5.3).
          <button key={slot.time} type="button" className="chip time-chip" aria-pressed={slot.time === selected}
            disabled={none} data-time={slot.time} onClick={() => onSelect(slot.time)}>
            <span className="time-chip__time">{slot.time}</span>
            {left !== null && <>{' '}<span className="time-chip__left">{left}</span></>}
          </button>
        )
      })}
    </div>
  )
}
