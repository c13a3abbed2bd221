import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '../../contract/lang'
import { LOCALE_DATA } from '../../contract/rules/localeData'
import { formatLongDay, formatMonthYear } from '../i18n/localeFormat'
import { addMonths, dayForKey, MAX_DAY, MIN_DAY, monthGrid, monthOf, pickDay, rangePlace, todayUtc, weekdayColumns, type DayRange } from './dateRange'

interface Props {
  lang: Lang
  range: DayRange
  /** The day focused when the dialog opens (dateRange.ts initialDay). */
  startDay: string
  onChange: (range: DayRange) => void
  /** Closes the dialog; the opener puts the focus back on its button. */
  onClose: () => void
}

const FOCUSABLE = 'button:not([disabled]), [tabindex="0"]'

/**
 * The month grid of the listing's date-range calendar: a modal <dialog> after the WAI-ARIA APG
 * date picker dialog. Arrow keys move by a day or a week, PageUp/PageDown by a month (with Shift
 * a year), Home/End to the week's start and end in the language's week; Enter or Space picks
 * (the buttons' own activation), Escape closes. The first pick is the start, the second the end
 * (dateRange.ts pickDay), which closes the dialog. Days in the range are pressed buttons and are
 * marked by shape as well as colour (afisha.css).
 */
export function CalendarDialog({ lang, range, startDay, onChange, onClose }: Props) {
  const { t } = useTranslation()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const gridRef = useRef<HTMLTableElement>(null)
  const monthId = useId()
  const [focusDay, setFocusDay] = useState(startDay)
  // True when the focused day moved by a key in the grid: the focus follows it to its button.
  const followFocus = useRef(true)
  const shown = monthOf(focusDay)
  const weeks = monthGrid(shown, lang)
  const columns = weekdayColumns(lang)
  const names = LOCALE_DATA[lang]
  const today = todayUtc(Date.now())

  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (dialog !== null && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  useEffect(() => {
    if (!followFocus.current) return
    followFocus.current = false
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus()
  }, [focusDay])

  const onGridKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const next = dayForKey(focusDay, e.key, e.shiftKey, lang)
    if (next === null) return
    e.preventDefault()
    followFocus.current = true
    setFocusDay(next)
  }

  // Tab and Shift+Tab stay inside the dialog (APG), going round from the last control to the first.
  const onDialogKey = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return
    const controls = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
    if (controls.length === 0) return
    const first = controls[0]
    const last = controls[controls.length - 1]
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  const pick = (day: string) => {
    const picked = pickDay(range, day)
    setFocusDay(day)
    onChange(picked.range)
    if (picked.done) onClose()
  }

  const toMonth = (n: number) => setFocusDay(addMonths(focusDay, n))
  const firstMonth = monthOf(MIN_DAY)
  const lastMonth = monthOf(MAX_DAY)
  const atFirst = shown.year === firstMonth.year && shown.month === firstMonth.month
  const atLast = shown.year === lastMonth.year && shown.month === lastMonth.month
  const hint = range.from !== '' && range.to === '' ? t('afisha.pickEnd') : t('afisha.pickStart')

  return (
    <dialog
      ref={dialogRef}
      className="calendar"
      aria-modal="true"
      aria-label={t('afisha.dates')}
      // Escape: the browser closes the dialog (a cancel it may no longer let us refuse), then the
      // opener unmounts it and puts the focus back on its button.
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself, never on its content.
        if (e.target === dialogRef.current) onClose()
      }}
      onKeyDown={onDialogKey}
    >
      <div className="calendar__body">
        <div className="calendar__head">
          <button type="button" className="calendar__nav" onClick={() => toMonth(-1)} disabled={atFirst} aria-label={t('afisha.prevMonth')}>
            <span aria-hidden="true">‹</span>
          </button>
          <h2 id={monthId} className="calendar__month" aria-live="polite">{formatMonthYear(shown.year, shown.month, lang)}</h2>
          <button type="button" className="calendar__nav" onClick={() => toMonth(1)} disabled={atLast} aria-label={t('afisha.nextMonth')}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <table ref={gridRef} className="calendar__grid" aria-labelledby={monthId} onKeyDown={onGridKey}>
          <thead>
            <tr>
              {columns.map((wd) => (
                <th key={wd} scope="col">
                  <span aria-hidden="true">{names.weekdaysShort[wd]}</span>
                  <span className="visually-hidden">{names.weekdays[wd]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, w) => (
              <tr key={week.find((d) => d !== null) ?? w}>
                {week.map((day, i) => (
                  <td key={day ?? `empty-${i}`}>
                    {day !== null && (
                      <button
                        type="button"
                        className={`calendar__day calendar__day--${rangePlace(range, day)}`}
                        data-day={day}
                        tabIndex={day === focusDay ? 0 : -1}
                        aria-pressed={rangePlace(range, day) !== 'out'}
                        aria-current={day === today ? 'date' : undefined}
                        onClick={() => pick(day)}
                      >
                        <span aria-hidden="true">{Number(day.slice(8))}</span>
                        <span className="visually-hidden">{formatLongDay(day, lang)}</span>
                      </button>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="calendar__hint" aria-live="polite">{hint}</p>
        <div className="calendar__actions">
          <button type="button" className="link-button" onClick={() => onChange({ from: '', to: '' })}>
            {t('afisha.clearDates')}
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>{t('afisha.datesDone')}</button>
        </div>
      </div>
    </dialog>
  )
}
