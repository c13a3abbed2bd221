/**
 * `npm run venue -- seed-big N [N…]`: puts generated N-seat stadiums on sale in the configured
 * database (DATABASE_URL or DATA_DIR's SQLite), one seat-map event with one session each
 * (seed/big-venue.ts). On an empty database the demo is loaded first, as the first `npm start`
 * would. Idempotent: an N already there is reported, not added again. Prints one line per venue
 * with the storefront path of its seat map.
 */
import { loadConfig } from '../config'
import { connect } from '../db/connect'
import { migrateToLatest } from '../migrations'
import { setupTimeouts } from '../prepare'
import { createLogger } from '../server'
import { loadDemoData } from '../seed'
import { seedBigVenue } from '../seed/big-venue'
import { setVenueTimeZone } from '../venue-time'

export const SEED_BIG_USAGE = 'usage: npm run venue -- seed-big N [N…] | --demo-only   (N seats, 1000 to 1000000; e.g. seed-big 100000 1000000)'

export async function runSeedBig(argv: string[]): Promise<void> {
  // --demo-only: just the demo (the benchmark's 60,000-seat case), as a first start would load it.
  const demoOnly = argv.includes('--demo-only')
  const counts = argv.filter((a) => a !== '--demo-only').map((a) => Number(a.replace(/_/g, '')))
  if ((counts.length === 0 && !demoOnly) || counts.some((n) => !Number.isInteger(n))) throw new Error(SEED_BIG_USAGE)
  const config = loadConfig()
  // The sessions it adds are days and times on the venue's clock, as the server reads them.
  setVenueTimeZone(config.venueTimeZone)
  const log = createLogger(config)
  const db = connect(config.database, setupTimeouts(config))
  try {
    await migrateToLatest(db)
    const demo = await loadDemoData(db, config, log)
    if (demo) log.info(demo, 'demo data loaded')
    for (const n of counts) {
      const r = await seedBigVenue(db, n, log)
      console.log(`${r.created ? 'added' : 'already there'}: ${r.seats} seats, event /event/${r.hash}, session ${r.calendarId} (${config.database.kind}, ${r.ms} ms)`)
    }
  } finally {
    await db.destroy()
  }
}
