import { useMemo, useState } from 'react'
import type { PriceRow } from '../../../contract/entities/price'
import { meetsRowMinimum, mostOfRowWithinLimit } from '../../../contract/rules/limits'
import { orderLines, quantityOf, rowKey, rowsFor, totals, countOf, type Quantities } from '../../kernel/cart'
import { formatMoney } from '../../i18n/localeFormat'
import { useConsole } from '../shell'
import { SaleForm, type SaleItems } from './SaleForm'
import { BOX_TEXTS } from './texts'
import { useCurrency } from '../../state/session'

/** The most tickets of one row the counter form offers, whatever the stock and the order limit leave (a list, not a field). */
const MAX_PER_ROW = 50

/** Most of `row` the list offers: its stock, MAX_PER_ROW and what the per-order limit leaves beside the other rows' choice. */
function rowChoiceMax(row: PriceRow, rows: readonly PriceRow[], q: Quantities, orderLimit: number): number {
  const others = rows.filter((r) => rowKey(r) !== rowKey(row)).map((r) => ({ quantity: quantityOf(q, r), passagequant: r.passagequant }))
  return Math.min(MAX_PER_ROW, row.quantity, mostOfRowWithinLimit(orderLimit, others, row.passagequant))
}

/**
 * The choice left once a sale of `sold` went through: a row still at the quantity sold goes back
 * to none; a row the operator changed while the sale was in flight (the next buyer's) keeps its
 * new quantity.
 */
function afterSale(q: Quantities, rows: readonly PriceRow[], sold: SaleItems): Quantities {
  const left: Record<string, number> = { ...q }
  for (const line of sold.data ?? []) {
    const row = rows.find((r) => r.action_id === line.actionId && r.clientcategory_id === line.categoryId && r.zonelevel_id === line.zoneId)
    if (row && quantityOf(q, row) === line.quantity) delete left[rowKey(row)]
  }
  return left
}

/**
 * General admission at the box office: quantities per price row of one session, priced and sent
 * as the event page sends them (kernel/cart.ts orderLines: the server re-checks every sum).
 * `orderLimit` is the event's per-order limit (demquantlimit): each list offers only what the
 * server's own count (contract/rules/limits.ts) accepts beside the other rows, so the desk is never
 * offered a quantity the sale would refuse (order-limit); choosing less in one row offers more in another.
 */
export function BoxOfficeGa({ hash, day, time, prices, orderLimit }: { hash: string; day: string; time: string; prices: readonly PriceRow[]; orderLimit: number }) {
  const currency = useCurrency()
  const { lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const rows = useMemo(() => rowsFor(prices, day, time).filter((r) => (r.for_subscription ?? 0) === 0), [prices, day, time])
  const [q, setQ] = useState<Quantities>({})
  const lines = orderLines(rows, q, { day, time })
  return (
    <div>
      <h2>{b.quantities}</h2>
      <div className="adm-form adm-inline">
        {rows.map((r) => (
          <label key={rowKey(r)}>
            {r[`category_${lang}`] || r.category_ru} · {r[`zonelevel_${lang}`] || r.zonelevel_ru} · {formatMoney(r.price, lang, currency)}
            <select value={quantityOf(q, r)} onChange={(e) => setQ({ ...q, [rowKey(r)]: Number(e.target.value) })}>
              {/* A row with a minimum ("3 tickets or more") offers none of it or at least that many: fewer the sale refuses. */}
              {Array.from({ length: Math.max(rowChoiceMax(r, rows, q, orderLimit), quantityOf(q, r)) + 1 }, (_, n) => n)
                .filter((n) => meetsRowMinimum(r.needprice, n))
                .map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
            </select>
          </label>
        ))}
      </div>
      <SaleForm items={lines.length ? { hash, data: lines } : null} count={countOf(rows, q)} total={totals(rows, q).total} onSold={(sold) => setQ((now) => afterSale(now, rows, sold))} />
    </div>
  )
}
