import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../contract/lang'
import type { SeatInfo } from '../../../engine/interaction/seatInfo'
import type { VenueData } from '../../../engine/model'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { SeatMapCanvas } from '../../seatmap/SeatMapCanvas'
import type { SeatMapLabels } from '../../seatmap/labels'
import { formatMoney } from '../event/model/format'
import type { VenuePhase } from './useVenue'

/** Translated chrome texts of the seat map. */
function useMapLabels(): SeatMapLabels {
  const { t, i18n } = useTranslation()
  return useMemo(() => ({
    mapLabel: t('scheme.map-label'),
    keyboardHelp: t('scheme.keyboard-help'),
    zoomGroup: t('scheme.zoom'),
    zoomIn: t('scheme.zoom-in'),
    zoomOut: t('scheme.zoom-out'),
    reset: t('scheme.reset'),
    showList: t('scheme.show-list'),
    hideList: t('scheme.hide-list'),
    listTitle: t('scheme.list-title'),
    sector: t('scheme.sector'),
    row: t('scheme.row'),
    seat: t('scheme.seat-label'),
    category: t('scheme.category'),
    price: t('scheme.price'),
    close: t('scheme.close'),
    status: {
      0: t('scheme.status-free'), 1: t('scheme.status-selected'), 2: t('scheme.status-held'),
      3: t('scheme.status-sold'), 4: t('scheme.status-unavailable'), 5: t('scheme.status-filtered'),
    },
    // i18n.language makes the labels follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t, i18n.language])
}

/**
 * The map area: a progress indicator while the drawing downloads and is parsed (the stadium is
 * several megabytes), then the SeatMapCanvas with translated labels, zone colours and prices
 * (tooltip: sector, row, seat, category, price).
 */
export function SchemeMap({ phase, venue, zoneColors, zonePrices, lang, currency, onSeatClick, onEngine }: {
  phase: VenuePhase
  venue: VenueData | null
  zoneColors: Record<string, number>
  zonePrices: Record<string, number>
  lang: Lang
  currency: string
  onSeatClick: (seat: SeatInfo, engine: SeatMapEngine) => void
  onEngine: (engine: SeatMapEngine | null) => void
}) {
  const { t } = useTranslation()
  const labels = useMapLabels()
  if (phase === 'no-svg') return <p className="notice scheme-map__message" role="status">{t('messages.scheme-not-loaded')}</p>
  if (phase === 'error') return <p className="notice notice--error scheme-map__message" role="alert">{t('scheme.map-failed')}</p>
  const loading = phase === 'download' || phase === 'parse'
  return (
    <div className="scheme-map" data-phase={phase}>
      <SeatMapCanvas venue={venue} zoneColors={zoneColors} zonePrices={zonePrices} labels={labels}
        formatPrice={(p) => formatMoney(p, lang, currency)} onSeatClick={onSeatClick} onEngine={onEngine} />
      {loading && (
        <div className="scheme-map__progress" role="status">
          <progress aria-label={t(phase === 'download' ? 'scheme.map-loading' : 'scheme.map-parsing')} value={phase === 'download' ? 1 : 2} max={3} />
          <span>{t(phase === 'download' ? 'scheme.map-loading' : 'scheme.map-parsing')}</span>
        </div>
      )}
    </div>
  )
}
