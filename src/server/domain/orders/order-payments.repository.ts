import type { Db } from '../../db/connect'

/**
 * An order's payments and what was given back on it (the order view, the payment start's check of
 * a card-scheme payment still verifying): reads only; the payments' writers are
 * payments/payment.repository.ts and domain/boxoffice, the refunds' payments/refund.repository.ts.
 */

/**
 * Money given back on an order, minor units, one row (0s when none): `refunded`, every refund
 * (returns, the console's refunds, a cancelled session's, and payments refused at settlement);
 * `tickets_refunded`, those of its tickets only: all but the refunds of payments refunded at
 * settlement (payments.settlement_refund), which never bought the order. A refund whose payment is
 * gone (payment_id set null) counts as the tickets'.
 */
function refundedOf(db: Db, orderId: number) {
  return db
    .selectFrom('refunds as f')
    .leftJoin('payments as fp', 'fp.id', 'f.payment_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('f.amount'), eb.val(0)).as('refunded'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.case().when('fp.settlement_refund', '=', 1).then(eb.val(0)).else(eb.ref('f.amount')).end()), eb.val(0))
        .as('tickets_refunded'),
    ])
    .where('f.order_id', '=', orderId)
}

/** Payments of an order, with their type's protocol. */
function paymentsOf(db: Db, orderId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .select(['p.id', 'p.payment_type_id', 'p.amount', 'p.status', 'p.public_id', 'p.verify_code', 'p.qr_url', 'p.created_at', 'p.updated_at', 't.protocol_type', 't.protocol_kind'])
    .where('p.order_id', '=', orderId)
}

/** Payments of an order, newest first. */
export function listPayments(db: Db, orderId: number) {
  return paymentsOf(db, orderId).orderBy('p.id', 'desc').execute()
}

/**
 * An order's payments (listPayments) and what was given back on it, in one statement: the
 * refunds' one-row sums left-joined to the payments, so the order view reads both from one
 * snapshot (a refund committing between two reads would make its paid and refunded amounts
 * disagree by that refund) and in one round trip. The refunds are by order_id, as paidAmounts
 * reads them (a refund's payment_id may be null): `refunded` every one (the paid-amount rule's),
 * `ticketsRefunded` those of the order's tickets (refundedOf).
 */
export async function readOrderPayments(db: Db, orderId: number): Promise<{ payments: PaymentRow[]; refunded: number; ticketsRefunded: number }> {
  const rows = await db
    .selectFrom(refundedOf(db, orderId).as('r'))
    .leftJoin(paymentsOf(db, orderId).as('p'), (join) => join.onTrue())
    .selectAll('p')
    .select(['r.refunded', 'r.tickets_refunded'])
    .orderBy('p.id', 'desc')
    .execute()
  const payments: PaymentRow[] = []
  // The left join's one row with no payment (an order not yet paid for) has every payment column null.
  for (const { refunded: _, tickets_refunded: __, ...p } of rows) if (p.id !== null) payments.push(p as PaymentRow)
  return { payments, refunded: Number(rows[0]?.refunded ?? 0), ticketsRefunded: Number(rows[0]?.tickets_refunded ?? 0) }
}
export type PaymentRow = Awaited<ReturnType<typeof listPayments>>[number]
