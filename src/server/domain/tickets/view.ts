import type { TicketViewResponse } from '../../../contract/entities/ticket'
import { ErrorCode } from '../../../contract/errors'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { toTicketLine } from './lines'
import { findOrderByHash, findTicketOrder, listTicketLines } from '../orders/order.repository'
import { changeRefusal, printingAllowed } from '../orders/state'
import type { TicketKeys } from './keys'

/**
 * GET /api/ticket/:hash: one ticket of an order by its ticket hash. The code image is drawn
 * only when the order is paid and printing is allowed; paymentAllowed says whether the order
 * may still be paid (the page then links to the order instead of showing a code).
 */
export async function buildTicketView(db: Db, ticketHash: string, keys: TicketKeys, now = Date.now()): Promise<TicketViewResponse> {
  const line = await findTicketOrder(db, ticketHash)
  if (!line) throw new ApiFailure('ticket-not-found', { hash: ticketHash })
  const order = (await findOrderByHash(db, line.hash))!
  const row = (await listTicketLines(db, order.id)).find((l) => l.id === line.id)!
  const printing = printingAllowed(order)
  return {
    errorCode: ErrorCode.OK,
    errorText: '',
    ord_num: order.ord_num,
    order_hash: order.hash,
    printingAllowed: printing,
    paymentAllowed: changeRefusal(order, now) === null,
    ticket: await toTicketLine(row, printing ? keys : null),
  }
}
