import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../../contract/lang'
import type { SeatInfo } from '../../../../engine/interaction/seatInfo'
import { SeatMapCanvas } from '../../../seatmap/SeatMapCanvas'
import { useMapLabels } from '../../../seatmap/useMapLabels'
import { formatMoney } from '../../../kernel/format'
import { useSchemeMapController, useSchemeMapField } from './context'
import { accessNote } from '../seatChoice/AccessLegend'

/**
 * The map area of the session's controller (from context): a progress indicator while the
 * drawing downloads and is parsed (the stadium is several megabytes), then the SeatMapCanvas on
 * the controller's engine with translated labels (tooltip: sector, row, seat, category, price).
 */
export function SchemeMap({ lang, currency, onSeatClick, keyboardHelp }: {
  lang: Lang
  currency: string
  onSeatClick: (seat: SeatInfo) => void
  /** The keys' help where Enter selects nothing (the console's read-only sales map); else the shop's. */
  keyboardHelp?: string
}) {
  const { t } = useTranslation()
  const shopLabels = useMapLabels()
  const labels = keyboardHelp === undefined ? shopLabels : { ...shopLabels, keyboardHelp }
  const controller = useSchemeMapController()
  const phase = useSchemeMapField(controller, 'phase')
  const access = useSchemeMapField(controller, 'access')
  // The tooltip names an accessible seat's type, with its icon (issue 20 item 3).
  const seatNote = (key: string) => accessNote(access, key, t)
  if (phase === 'no-svg') return <p className="notice scheme-map__message" role="status">{t('messages.scheme-not-loaded')}</p>
  if (phase === 'error') return <p className="notice notice--error scheme-map__message" role="alert">{t('scheme.map-failed')}</p>
  const loading = phase === 'download' || phase === 'parse'
  return (
    <div className="scheme-map" data-phase={phase} data-keep-clear="">
      <SeatMapCanvas owner={controller} labels={labels} formatPrice={(p) => formatMoney(p, lang, currency)} onSeatClick={onSeatClick} seatNote={seatNote} />
      {loading && (
        <div className="scheme-map__progress" role="status">
          <progress aria-label={t(phase === 'download' ? 'scheme.map-loading' : 'scheme.map-parsing')} value={phase === 'download' ? 1 : 2} max={3} />
          <span>{t(phase === 'download' ? 'scheme.map-loading' : 'scheme.map-parsing')}</span>
        </div>
      )}
    </div>
  )
}
