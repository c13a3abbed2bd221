import { connect } from './src/server/db/connect'
import { placesPerZone } from './src/server/domain/inventory/stock.repository'
const db = await connect({ kind: 'sqlite', file: '/tmp/probe.sqlite' } as never)
const ids = (await db.selectFrom('calendars').select('drawing_id').distinct().execute()).map((r) => r.drawing_id).filter((x): x is number => x !== null)
console.log('drawings', ids)
for (let k = 0; k < 3; k++) {
  let t = performance.now(); await placesPerZone(db, ids, false); console.log('all drawings ms', (performance.now() - t).toFixed(0))
  for (const id of ids) { t = performance.now(); await placesPerZone(db, [id], true); console.log(' drawing', id, 'ms', (performance.now() - t).toFixed(0)) }
}
await db.destroy()
