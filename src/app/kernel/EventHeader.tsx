import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CompositionLine } from '../../contract/entities/afisha'
import type { EventAction } from '../../contract/entities/event'
import { pickLocalized, type Lang } from '../../contract/lang'
import { Link } from 'react-router-dom'
import { useLink } from '../hooks/useLinks'
import { formatLongDay } from './format'
import { LocationPin } from '../shell/LocationPin'
import { SafeHtml } from '../shell/SafeHtml'
import { joinParts } from '../i18n/punctuation'

/**
 * The event page's header (000 §2): title with the age-from circle, venue and address, the note
 * (the action's description, operator html through the sanitizer), an info link, the
 * subscription's composition (collapsible) and the gift-card notice.
 */
export function EventHeader({ action, composition, lang, giftNotice, titleId }: {
  action: EventAction
  composition: readonly CompositionLine[]
  lang: Lang
  giftNotice: boolean
  titleId: string
}) {
  const { t } = useTranslation()
  const listId = useId()
  const link = useLink()
  const [open, setOpen] = useState(false)
  const title = pickLocalized(action, 'action', lang)
  const place = joinParts(t, [pickLocalized(action, 'seatroot', lang), pickLocalized(action, 'address', lang)])
  const note = pickLocalized(action, 'descript', lang)
  const infoUrl = pickLocalized(action, 'descript_url', lang)
  const lines = [...composition].sort((a, b) => a.eventstrsortnum - b.eventstrsortnum)

  return (
    <header className="event-header">
      <h1 id={titleId} className="event-header__title">
        <span>{title}</span>
        <span className="age-circle" role="img" aria-label={t('event.ageLabel', { age: action.age_from })}>
          {t('event.age', { age: action.age_from })}
        </span>
      </h1>
      {place !== '' && <p className="event-header__place"><LocationPin />{place}</p>}
      {note !== '' && <SafeHtml className="event-header__note" html={note} />}
      {infoUrl !== '' && (
        <p><a href={infoUrl} target="_blank" rel="noopener noreferrer">{t('event.info')}</a></p>
      )}
      {lines.length > 0 && (
        <div className="event-header__composition">
          <button type="button" className="link-button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
            {t('event.composition')} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </button>
          <ul id={listId} hidden={!open}>
            {lines.map((line) => (
              <li key={`${line.event_id}-${line.eventstrsortnum}`}>
                <strong>{line.url.startsWith('/') ? <Link to={link(line.url)}>{pickLocalized(line, 'eventstr', lang)}</Link> : pickLocalized(line, 'eventstr', lang)}</strong>
                {[line.seatroot, line.address, line.eventstr_day === '' ? '' : formatLongDay(line.eventstr_day, lang), line.eventstr_time].filter((x) => x !== '').map((x, i) => (
                  <span key={i} className="event-header__composition-part">{x}</span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {giftNotice && <p className="notice event-header__gift">{t('event.gift-notice')}</p>}
    </header>
  )
}
