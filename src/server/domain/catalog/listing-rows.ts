import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import { listPriceRows } from '../events/repository'
import * as repo from './repository'

/**
 * How late the listing may show an edit another process made to the catalogue (events, their
 * sessions, prices, menus, tags, venues, compositions), and a session that started or whose sale
 * window opened or closed within it. Edits through this process (the console's calls, any write to
 * the tables the rows come from) are seen at once: write-watch.ts counts them and the console's
 * calls clear the cache (admin/routes.ts). The tickets left are counted (availability.ts) each
 * time the listing is built: per request for a signed-in visitor, at most once a second for the
 * answer every other visitor shares (routes/listing-answer.ts).
 *
 * Why: the listing read the catalogue in 14 statements on every call; on the 4-process cluster
 * under an on-sale rush it is the "unrelated page" that waited behind the holds' statements
 * (issue 18: p99 374 ms at 600 admitted a minute against 200 ms). Now each process reads it at
 * most once a second, whatever the number of visitors.
 */
export const LISTING_ROWS_TTL_MS = 1000

export type ListingRows = Awaited<ReturnType<typeof readListingRows>>

/** One entry per database: the catalogue as the listing reads it. */
const cache = new ProcessCache<0, ListingRows>(LISTING_ROWS_TTL_MS, 1)

/** The catalogue rows of the listing at `now`, at most LISTING_ROWS_TTL_MS old. Shared between requests: read them, never change them. */
export function listingRows(db: Db, now: number): Promise<ListingRows> {
  return cache.get(db, 0, () => readListingRows(db, now), now)
}

async function readListingRows(db: Db, now: number) {
  const [kinds, mainMenus, subMenus, tags, events] = await Promise.all([
    repo.listMenuKinds(db),
    repo.listMainMenus(db),
    repo.listSubMenus(db),
    repo.listTags(db),
    repo.listActiveEvents(db),
  ])
  const eventIds = events.map((e) => e.id)
  const [menus, eventTags, calendars] = await Promise.all([
    repo.listEventMenus(db, eventIds),
    repo.listEventTags(db, eventIds),
    repo.listUpcomingCalendars(db, eventIds, now),
  ])
  const venueIds = [...new Set([...events.map((e) => e.venue_id), ...calendars.map((c) => c.venue_id)].filter((v): v is number => v !== null))]
  const subscriptionIds = events.filter((e) => e.menu_kind_id === KIND_SUBSCRIPTIONS).map((e) => e.id)
  const [priceRows, venues, compositions] = await Promise.all([
    listPriceRows(db, calendars.map((c) => c.id)),
    repo.listVenues(db, venueIds),
    repo.listCompositions(db, subscriptionIds),
  ])
  return { kinds, mainMenus, subMenus, tags, events, menus, eventTags, calendars, priceRows, venues, compositions }
}
