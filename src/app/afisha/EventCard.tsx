import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { COMPOSITION_LINES, EVENT_IMAGE_WIDTH, LISTING_CATEGORIES } from '../../contract/constants'
import { useLink } from '../hooks/useLinks'
import { formatDayMonth, formatDayRange, formatLongDay, formatMoney, formatTimeRange } from '../kernel/format'
import { LocationPin } from '../shell/LocationPin'
import { segment } from '../lib/links'
import { useCurrency, useSession } from '../state/session'
import { CardIcon, HandIcon, InfoIcon } from './icons'
import type { EventCardModel } from './model'
import { joinParts, labelled } from '../i18n/punctuation'

/** One event of the listing (document 000 §2 "Each card shows …"). */
export function EventCard({ card }: { card: EventCardModel }) {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  const titleId = useId()
  const descriptionId = useId()
  const compositionId = useId()
  const [expanded, setExpanded] = useState(false)
  const [compositionOpen, setCompositionOpen] = useState(false)
  const [datesOpen, setDatesOpen] = useState(false)
  const [pricesOpen, setPricesOpen] = useState(false)
  const datesId = useId()
  const pricesId = useId()
  const currency = useCurrency()
  const prices = pricesOpen ? card.prices : card.prices.slice(0, LISTING_CATEGORIES)
  const composition = compositionOpen ? card.composition : card.composition.slice(0, COMPOSITION_LINES)
  const truncated = card.descriptionShort !== card.description

  return (
    <article className="event-card" aria-labelledby={titleId}>
      <div className="event-card__media">
        {card.showImage && (
          <img className="event-card__image" src={card.imageUrl} alt="" width={EVENT_IMAGE_WIDTH} loading="lazy" decoding="async" />
        )}
        <span className="event-card__age" aria-label={t('afisha.ageLabel', { age: card.ageFrom })}>
          {t('afisha.age', { age: card.ageFrom })}
        </span>
        {(card.giftCard || card.signLanguage) && (
          <ul className="event-card__flags">
            {card.giftCard && <li className="flag flag--gift" title={t('afisha.giftCard')}><CardIcon /><span className="visually-hidden">{t('afisha.giftCard')}</span></li>}
            {card.signLanguage && <li className="flag flag--sign" title={t('afisha.signLanguage')}><HandIcon /><span className="visually-hidden">{t('afisha.signLanguage')}</span></li>}
          </ul>
        )}
      </div>
      <div className="event-card__body">
        <div className="event-card__heading">
          <h2 className="event-card__title" id={titleId}>{card.title}</h2>
          {card.infoUrl !== undefined && (
            <a className="event-card__info" href={card.infoUrl} target="_blank" rel="noopener noreferrer" title={t('afisha.info')}>
              <InfoIcon />
              <span className="visually-hidden">{labelled(t, t('afisha.info'), card.title)}</span>
            </a>
          )}
        </div>
        {card.description !== '' && (
          <div className="event-card__description">
            <p id={descriptionId}>{expanded ? card.description : card.descriptionShort}</p>
            {truncated && (
              <button type="button" className="link-button" aria-expanded={expanded} aria-controls={descriptionId} onClick={() => setExpanded((v) => !v)}>
                {expanded ? t('afisha.less') : t('afisha.more')}
              </button>
            )}
          </div>
        )}
        {card.composition.length > 0 && (
          <div className="event-card__composition">
            <ul id={compositionId}>
              {composition.map((line, i) => {
                const when = joinParts(t, [line.day === '' ? '' : formatDayMonth(line.day, lang), line.time])
                return (
                  <li key={i}>
                    {line.url.startsWith('/') ? <Link to={link(line.url)}>{line.text}</Link> : line.text}
                    {when !== '' && `${t('punct.comma')}${when}`}
                  </li>
                )
              })}
            </ul>
            {card.composition.length > COMPOSITION_LINES && (
              <button type="button" className="link-button" aria-expanded={compositionOpen} aria-controls={compositionId} onClick={() => setCompositionOpen((v) => !v)}>
                {compositionOpen ? t('afisha.less') : t('afisha.more')}
              </button>
            )}
          </div>
        )}
        <dl className="event-card__facts">
          {card.days !== null && (
            <div>
              <dt>{t('afisha.dates')}</dt>
              <dd>
                {formatDayRange(card.days.first, card.days.last, lang)}
                {card.sessions.length > 1 && (
                  <>
                    {' '}
                    <button type="button" className="link-button event-card__dates-toggle" aria-expanded={datesOpen} aria-controls={datesId}
                      onClick={() => setDatesOpen((v) => !v)}>
                      {datesOpen ? t('afisha.hide-dates') : t('afisha.all-dates', { count: card.sessions.length })}
                    </button>
                    <ul id={datesId} className="event-card__dates" hidden={!datesOpen}>
                      {card.sessions.map((s) => (
                        <li key={s.day}>
                          <Link to={link(`/${card.route}/${segment(card.hash)}/${segment(s.day)}`)}>{formatLongDay(s.day, lang)}</Link>
                          {s.times.length > 0 && labelled(t, '', joinParts(t, s.times))}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </dd>
            </div>
          )}
          {card.times !== null && (
            <div>
              <dt>{t('afisha.times')}</dt>
              <dd>{formatTimeRange(card.times.first, card.times.last)}</dd>
            </div>
          )}
          {card.address !== '' && (
            <div>
              <dt>{t('afisha.address')}</dt>
              <dd className="event-card__address">
                <LocationPin />
                {card.mapUrl !== undefined
                  ? <a href={card.mapUrl} target="_blank" rel="noopener noreferrer" aria-label={t('afisha.onMap', { address: card.address })}>{card.address}</a>
                  : card.address}
              </dd>
            </div>
          )}
          {card.prices.length > 0 && (
            <div>
              <dt>{t('afisha.prices')}</dt>
              <dd>
                <ul id={pricesId} className="event-card__prices">
                  {prices.map((p) => (
                    <li key={p.name}>
                      <span className="event-card__price-dot" style={{ background: p.color }} aria-hidden="true" />
                      {labelled(t, p.name, formatMoney(p.price, lang, currency))}
                    </li>
                  ))}
                </ul>
                {card.prices.length > LISTING_CATEGORIES && (
                  <button type="button" className="link-button" aria-expanded={pricesOpen} aria-controls={pricesId} onClick={() => setPricesOpen((v) => !v)}>
                    {pricesOpen ? t('afisha.fewer-prices') : t('afisha.more-prices', { count: card.prices.length - LISTING_CATEGORIES })}
                  </button>
                )}
              </dd>
            </div>
          )}
        </dl>
        <div className="event-card__footer">
          {card.ticketCount !== null && <p className="event-card__count">{t('afisha.tickets', { count: card.ticketCount })}</p>}
          {card.buy === 'available' ? (
            <Link className="button button--primary event-card__buy" to={link(`/${card.route}/${segment(card.hash)}`)} aria-label={t('afisha.buyFor', { title: card.title })}>
              {t('afisha.buy')}
            </Link>
          ) : (
            <button type="button" className="button event-card__buy" disabled>
              {card.buy === 'soon' ? t('afisha.soon-on-sale') : t('afisha.sold-out')}
            </button>
          )}
        </div>
      </div>
    </article>
  )
}
