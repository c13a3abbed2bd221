import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { formatDate, formatMoney, longDay } from '../../kernel/format'
import { useCountdown } from '../order/useCountdown'
import { rowView, timeLeftText, type ReturnGroup } from './model'
import { useCurrency } from '../../state/session'
import { joinParts, labelled } from '../../i18n/punctuation'

/**
 * One event session of the return page: name, date, the deadline on the venue's clock with its
 * offset (GMT+05:00 in Almaty) and a countdown
 * (or 'return time expired', after which its checkboxes are disabled), and its ticket table. A
 * ticket admitted at the door keeps a disabled checkbox described by why (used at the entrance),
 * so the table still shows every ticket and a screen reader hears the reason with the box.
 */
export function EventBlock({ group, loadedAt, lang, selected, held, onToggle, showVisitor, locked }: {
  group: ReturnGroup
  loadedAt: number
  lang: Lang
  selected: ReadonlySet<number>
  /** Tickets of a request already sent: ticked and locked while the data still shows them returnable. */
  held: ReadonlySet<number>
  onToggle: (id: number) => void
  showVisitor: boolean
  /** True while a request is being sent or once it was sent: nothing can change. */
  locked: boolean
}) {
  const currency = useCurrency()
  const { t } = useTranslation()
  const left = useCountdown(group.leftAtLoad, loadedAt)
  const open = left > 0
  const leftText = timeLeftText(left, (count) => t('returns.days', { count }))
  const titleId = `return-event-${group.key.replace(/[^A-Za-z0-9]/g, '-')}`
  return (
    <section className="return-event" aria-labelledby={titleId}>
      <h2 id={titleId} className="return-event__name">{group.action}</h2>
      <p className="return-event__date">{t('returns.event-date', { day: longDay(group.day, lang), time: group.time })}</p>
      {open ? (
        <p className="return-event__deadline">
          {t('returns.deadline', { date: venueClockText(group.deadline, lang, t), zone: group.zone })}
          <br />
          <span className="return-event__left" role="timer" aria-live="off">{t('returns.time-left', { left: leftText })}</span>
        </p>
      ) : (
        <p className="return-event__expired notice notice--error">{t('returns.expired')}</p>
      )}
      <div className="return-table__wrap">
        {/* data-keep-clear: the scroll-top button steps aside while the boxes lie under it (ScrollTop). */}
        <table className="return-table" data-keep-clear="">
          <thead>
            <tr>
              <th scope="col"><span className="visually-hidden">{t('returns.col-select')}</span></th>
              {showVisitor && <th scope="col">{t('returns.col-visitor')}</th>}
              <th scope="col">{t('returns.col-category')}</th>
              <th scope="col" className="return-table__num">{t('returns.col-quant')}</th>
              <th scope="col" className="return-table__num">{t('returns.col-cost')}</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((r) => {
              const category = joinParts(t, [pickLocalized(r, 'name', lang), r.zonelevel])
              // The checkbox's name carries the seat too: two tickets of one category differ only by it.
              const named = joinParts(t, [category, r.place ?? ''])
              const checkboxId = `return-row-${r.id}`
              const view = rowView(r)
              const reasonId = `${checkboxId}-used`
              const ticked = selected.has(r.id) || held.has(r.id)
              const rowClass = view === 'used' ? 'return-table__row--used' : view === 'status' ? 'return-table__row--status' : ticked ? 'return-table__row--selected' : undefined
              return (
                <tr key={r.id} className={rowClass}>
                  <td>
                    {view === 'select' && (
                      <input id={checkboxId} type="checkbox" className="return-table__check" checked={ticked} disabled={!open || locked || held.has(r.id)}
                        onChange={() => onToggle(r.id)} aria-label={t('returns.select-ticket', { n: r.sortnum, category: named })} />
                    )}
                    {view === 'used' && (
                      <input id={checkboxId} type="checkbox" className="return-table__check" checked={false} disabled readOnly
                        aria-label={t('returns.select-ticket', { n: r.sortnum, category: named })} aria-describedby={reasonId} />
                    )}
                    {view === 'status' && (
                      <span className={`return-status return-status--${r.status_id}`}>{t(`returns.status-${r.status_id}`, { defaultValue: '' })}</span>
                    )}
                  </td>
                  {showVisitor && <td className="return-table__visitor">{r.visitor_name}</td>}
                  <td className="return-table__category">
                    {category}
                    {r.place !== undefined && <span className="return-table__place">{r.place}</span>}
                    {/* Under the category, not in the narrow check column: it stays readable on a phone's card. */}
                    {view === 'used' && <span id={reasonId} className="return-status return-status--used return-table__reason">{t('returns.status-used')}</span>}
                  </td>
                  <td className="return-table__num return-table__quant" data-label={labelled(t, t('returns.col-quant'), '')}>{r.quant}</td>
                  <td className="return-table__num return-table__cost">{formatMoney(r.summa, lang, currency)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/**
 * 'YYYY-MM-DD HH:MM[:SS]' (the venue's clock) → "1 декабря 2026 г., 16:00": a moment in the
 * visitor's words, as every other date of the storefront (the deadline, the order's date).
 */
export function venueClockText(value: string, lang: Lang, t: TFunction): string {
  const time = /[ T](\d{2}:\d{2})/.exec(value)?.[1] ?? ''
  return t('returns.deadline-at', { date: formatDate(value.slice(0, 10), lang), time })
}
