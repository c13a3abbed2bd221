import { useMemo } from 'react'
import type { SessionSales } from '../../contract/admin/sales'
import type { Lang } from '../../contract/lang'
import { SchemeMapContext, useSchemeMapField } from '../screens/scheme/map/context'
import { SchemeMap } from '../screens/scheme/map/SchemeMap'
import type { CartSource } from '../screens/scheme/map/SchemeMapController'
import { useSessionMap } from '../screens/scheme/map/useSessionMap'
import { useCurrency } from '../state/session'

/** The console holds no cart: nothing of the operator's is drawn over the statuses. */
const NO_CART: CartSource = { seatIds: () => new Set<string>(), subscribe: () => () => {} }
const colorNumber = (hex: string) => Number.parseInt(hex.replace('#', ''), 16) || 0x888888

/**
 * A session's seat map coloured by status, live, on the Sales screen (issue 17 item 4): the
 * storefront's own SchemeMapController and SchemeMap (the same map request, the same live event
 * stream from the map's version, the same one status mapping), with the session's priced zones
 * and no cart. Seats blocked for the session arrive as taken, as the shop shows them.
 */
export function SalesMap({ hash, session, lang, label, liveLost, keyboardHelp }: { hash: string; session: SessionSales; lang: Lang; label: string; liveLost: string; keyboardHelp: string }) {
  const currency = useCurrency()
  const calendarId = session.calendar_id
  const zones = useMemo(() => session.zones.filter((z) => z.zone_id !== null && z.priced).map((z) => ({ id: String(z.zone_id), name: z[`name_${lang}`] || z.name_ru, color: colorNumber(z.color) })), [session, lang])
  // The zones follow the session; a new session mounts a new map.
  const controller = useSessionMap({
    hash,
    calendarId,
    zones,
    openZones: new Set(zones.map((z) => Number(z.id))),
    zoneColors: Object.fromEntries(zones.map((z) => [z.id, z.color])),
    zonePrices: {},
    cart: NO_CART,
  })
  const live = useSchemeMapField(controller, 'live')
  if (!controller) return null
  return (
    <section aria-label={label} className="adm-sales-map" data-testid={`sales-map-${calendarId}`}>
      {!live && <p role="status">{liveLost}</p>}
      <SchemeMapContext.Provider value={controller}>
        <SchemeMap lang={lang} currency={currency} onSeatClick={() => undefined} keyboardHelp={keyboardHelp} />
      </SchemeMapContext.Provider>
    </section>
  )
}
