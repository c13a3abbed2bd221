import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SeatMapLabels } from './labels'

/** Translated chrome texts of the seat map, in the language of the app's i18next (the console sets it to its own). */
export function useMapLabels(): SeatMapLabels {
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
    comma: t('punct.comma'),
    status: {
      0: t('scheme.status-free'), 1: t('scheme.status-selected'), 2: t('scheme.status-held'),
      3: t('scheme.status-sold'), 4: t('scheme.status-unavailable'), 5: t('scheme.status-filtered'),
    },
    // i18n.language makes the labels follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t, i18n.language])
}
