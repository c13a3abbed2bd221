/**
 * `npm run venue -- import FILE [--name NAME] [--rules RULES.json] [--venue ID]`: imports an
 * operator's venue drawing into the configured database (DATABASE_URL or DATA_DIR's SQLite),
 * through the same path the demo data uses. Without --venue a new venue named NAME is created.
 * Prints one summary line; errors print one line and exit with code 1, nothing stored.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { warningText, type VenueRules } from '../../engine/parse/index'
import { loadConfig } from '../config'
import { setupTimeouts } from '../prepare'
import { connect } from '../db/connect'
import { migrateToLatest } from '../migrations'
import { insertVenue } from '../venues/drawing.repository'
import { importVenueDrawing } from '../venues/import'

export async function runVenueImport(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, rules: { type: 'string' }, venue: { type: 'string' } },
  })
  const file = positionals[0]
  if (!file) throw new Error('usage: npm run venue -- import FILE [--name NAME] [--rules RULES.json] [--venue ID]')
  const svg = await readFile(file, 'utf8')
  let rules: VenueRules | undefined
  if (values.rules) {
    try {
      rules = JSON.parse(await readFile(values.rules, 'utf8')) as VenueRules
    } catch (err) {
      throw new Error(`cannot read rules ${values.rules}: ${err instanceof Error ? err.message : String(err)}`, { cause: err })
    }
  }
  const name = values.name ?? path.basename(file).replace(/\.svg$/i, '')
  const config = loadConfig()
  const db = connect(config.database, setupTimeouts(config))
  try {
    await migrateToLatest(db)
    const result = await db.transaction().execute(async (trx) => {
      let venueId: number
      if (values.venue !== undefined) {
        venueId = Number(values.venue)
        if (!Number.isInteger(venueId) || venueId <= 0) throw new Error('--venue must be a venue id')
      } else {
        venueId = await insertVenue(trx, name)
      }
      return { venueId, ...(await importVenueDrawing(trx, { venueId, name, svg, rules, sourceFile: path.resolve(file) })) }
    })
    console.log(
      `imported ${file}: venue ${result.venueId}, drawing ${result.drawingId}, ${result.seats} seats, ${result.standingPlaces} standing places, ${result.sectors} sectors, ${result.zones} zones, ${result.warnings.length} warnings (${config.database.kind})`,
    )
    const r = result.report
    console.log(`  recognised by ${r.method}: ${r.rows} rows, ${r.sectors} sectors, ${r.standing} standing areas, ${r.duplicatesDropped} duplicates dropped`)
    for (const k of r.clusters.filter((c) => c.seats > 0)) console.log(`  seats: ${k.seats} × ${k.signature}`)
    const a = r.access
    if (a.wheelchair + a.companion + a.transfer + a.restricted + a.signlang > 0) {
      console.log(`  seat types: wheelchair ${a.wheelchair}, companion ${a.companion} (${a.companionsLinked} linked to a space), transfer ${a.transfer}, restricted view ${a.restricted}, sign language ${a.signlang}`)
    }
    for (const w of result.warnings.slice(0, 10)) console.log(`  warning: ${warningText(w)}`)
  } finally {
    await db.destroy()
  }
}
