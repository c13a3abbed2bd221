import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { DateRangeField } from './DateRangeField'
import type { AfishaFilters } from './filters'
import type { MenuItem } from './model'

interface Props {
  filters: AfishaFilters
  tags: MenuItem[]
  onChange: (next: AfishaFilters) => void
  onReset: () => void
  /** The date range, offered when the selected menu item enables it (showfiltercalendar). */
  showCalendar?: boolean
  /** The subscription checkbox, offered only when the signed-in client has subscriptions. */
  subscription?: { checked: boolean; onChange: (checked: boolean) => void }
}

/** Filter bar (document 000 §2): text search, the date range, tag chips, "show available", reset. */
export function FilterBar({ filters, tags, onChange, onReset, showCalendar = false, subscription }: Props) {
  const { t } = useTranslation()
  const searchId = useId()
  const availableId = useId()
  const subscriptionId = useId()
  const toggleTag = (id: number) =>
    onChange({ ...filters, tags: filters.tags.includes(id) ? filters.tags.filter((x) => x !== id) : [...filters.tags, id] })

  return (
    <div className="filter-bar" role="search" aria-label={t('afisha.filters')}>
      <div className="filter-bar__search">
        <label htmlFor={searchId}>{t('afisha.search')}</label>
        <input
          id={searchId}
          type="search"
          value={filters.search}
          placeholder={t('afisha.searchPlaceholder')}
          autoComplete="off"
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
      </div>
      {showCalendar && (
        <DateRangeField range={{ from: filters.from, to: filters.to }} onChange={({ from, to }) => onChange({ ...filters, from, to })} />
      )}
      {tags.length > 0 && (
        <div className="filter-bar__tags" role="group" aria-label={t('afisha.tags')}>
          {tags.map((tag) => (
            <button key={tag.id} type="button" className="chip chip--toggle" aria-pressed={filters.tags.includes(tag.id)} onClick={() => toggleTag(tag.id)}>
              {tag.name}
            </button>
          ))}
        </div>
      )}
      <div className="filter-bar__options">
        {/* Each box stays on one line with its label when the options wrap (phones). */}
        <span className="filter-bar__option">
          <input id={availableId} type="checkbox" checked={filters.available} onChange={(e) => onChange({ ...filters, available: e.target.checked })} />
          <label htmlFor={availableId}>{t('afisha.showAvailable')}</label>
        </span>
        {subscription !== undefined && (
          <span className="filter-bar__option">
            <input id={subscriptionId} type="checkbox" checked={subscription.checked} onChange={(e) => subscription.onChange(e.target.checked)} />
            <label htmlFor={subscriptionId}>{t('afisha.subscriptions')}</label>
          </span>
        )}
        <button type="button" className="link-button filter-bar__reset" onClick={onReset}>{t('afisha.reset-filters')}</button>
      </div>
    </div>
  )
}
