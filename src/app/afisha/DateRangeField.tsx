import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { Lang } from '../../contract/lang'
import { formatDate, formatDayRange } from '../i18n/localeFormat'
import { useSession } from '../state/session'
import { CalendarDialog } from './CalendarDialog'
import { initialDay, type DayRange } from './dateRange'
import { CalendarIcon } from './icons'

interface Props {
  range: DayRange
  onChange: (range: DayRange) => void
}

/** The chosen range in the page's language: "1–5 декабря 2026 г.", "с 1 декабря 2026 г.", "Любые даты". */
function rangeText(range: DayRange, lang: Lang, t: TFunction): string {
  if (range.from !== '' && range.to !== '') return formatDayRange(range.from, range.to, lang)
  if (range.from !== '') return t('afisha.fromDay', { day: formatDate(range.from, lang) })
  if (range.to !== '') return t('afisha.untilDay', { day: formatDate(range.to, lang) })
  return t('afisha.anyDates')
}

/**
 * The filter bar's date range (document 000 §2, shown where the menu item has showfiltercalendar):
 * a button naming the chosen range, which opens the calendar (CalendarDialog), and a "clear
 * dates" button while a range is chosen. Replaces the two native date inputs, which wrote the
 * browser's locale ("mm/dd/yyyy" on a Kazakh page) and opened the browser's own popup.
 */
export function DateRangeField({ range, onChange }: Props) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const labelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [openedOn, setOpenedOn] = useState<string | null>(null)
  const chosen = range.from !== '' || range.to !== ''

  const close = () => {
    setOpenedOn(null)
    buttonRef.current?.focus()
  }

  return (
    <div className="filter-bar__dates" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="filter-bar__dates-label">{t('afisha.dates')}</span>
      <button
        ref={buttonRef}
        type="button"
        className="filter-bar__dates-button"
        aria-haspopup="dialog"
        aria-expanded={openedOn !== null}
        onClick={() => setOpenedOn(initialDay(range, Date.now()))}
      >
        <CalendarIcon />
        {rangeText(range, lang, t)}
      </button>
      {chosen && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            onChange({ from: '', to: '' })
            // This button goes with the range: the focus stays in the field, on its button.
            buttonRef.current?.focus()
          }}
        >
          {t('afisha.clearDates')}
        </button>
      )}
      {openedOn !== null && <CalendarDialog lang={lang} range={range} startDay={openedOn} onChange={onChange} onClose={close} />}
    </div>
  )
}
