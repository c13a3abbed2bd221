/** An order sold at the box office (migration 2026_11_24_19_b1_01_box_office). */
export interface BoxOfficeSalesTable {
  order_id: number
  operator_id: number | null
  /** The operator's label at the time (audit style: e-mail or token name). */
  actor: string
  /** 'cash' | 'card' | 'comp' (contract/admin/boxoffice.ts PAY_KINDS). */
  pay_kind: string
  created_at: number
}

/** A ticket changed after sale: reseated or refunded by an operator (same migration). */
export interface OrderLineChangesTable {
  id: import('kysely').Generated<number>
  order_line_id: number
  order_id: number
  calendar_id: number
  /** 'reseat' | 'refund'. */
  kind: string
  from_seat_id: number | null
  to_seat_id: number | null
  actor: string
  at: number
}
