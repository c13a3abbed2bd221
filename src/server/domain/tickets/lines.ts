import type { TicketLine } from '../../../contract/entities/orderView'
import { sameInAll } from '../../../contract/lang'
import { toMajor } from '../../../contract/rules/money'
import { ticketImages } from './codes'
import type { TicketKeys } from './keys'
import { ticketClaims } from './claims'
import { dayTexts } from '../orders/dates'
import { isReturned } from '../orders/money'
import type { TicketLineRow } from '../orders/order.repository'

/** Name of the ticket holder (named tickets): surname, name, middle name. */
export function personName(row: Pick<TicketLineRow, 'person_surname' | 'person_name' | 'person_middle_name'>): string {
  return [row.person_surname, row.person_name, row.person_middle_name].filter((p) => p !== '').join(' ')
}

/**
 * A ticket line of the order view (001 §3). action_group is the line's session (calendar): the
 * view groups tickets per event date and time, and service fees are summed per group. Code
 * images are drawn only with `codes`, the ticket keys that sign the QR code (given when the
 * order is paid and printing is allowed; null = no codes).
 */
export async function toTicketLine(row: TicketLineRow, codes: TicketKeys | null): Promise<TicketLine> {
  // A ticket whose return is confirmed no longer admits anyone: it shows no code.
  const images = codes && !isReturned(row.return_status) ? await ticketImages(row.tickettype, row.ticket_code, () => codes.sign(ticketClaims(row))) : { _qrcode: '', _barcode: '' }
  const seat = row.seat_id !== null
  const sector = seat ? (row.sector_name ?? '') : (row.stand_name ?? '')
  return {
    id: row.id,
    action_group: row.calendar_id,
    action_ru: row.action_ru,
    action_en: row.action_en,
    action_kz: row.action_kz,
    action_ch: row.action_ch,
    address_ru: row.address_ru ?? '',
    address_en: row.address_en ?? '',
    address_kz: row.address_kz ?? '',
    address_ch: row.address_ch ?? '',
    seatroot_ru: row.seatroot_ru ?? '',
    seatroot_en: row.seatroot_en ?? '',
    seatroot_kz: row.seatroot_kz ?? '',
    seatroot_ch: row.seatroot_ch ?? '',
    ...dayTexts(row.day),
    zonelevel_ru: row.zonelevel_ru ?? '',
    zonelevel_en: row.zonelevel_en ?? '',
    zonelevel_kz: row.zonelevel_kz ?? '',
    zonelevel_ch: row.zonelevel_ch ?? '',
    category_ru: row.category_ru,
    category_en: row.category_en,
    category_kz: row.category_kz,
    category_ch: row.category_ch,
    // Seat and sector labels come from the venue drawing: the same text in every language.
    ...sameInAll('sector', sector),
    ...sameInAll('row', seat ? (row.row_label ?? '') : ''),
    ...sameInAll('seat', seat ? (row.number_label ?? '') : ''),
    day: row.day,
    time: row.time,
    age_from: row.age_from,
    quant: row.quantity,
    price: toMajor(row.price),
    // Ticket prices only: the line's service fee is in the group's `service` row (the money rule).
    cost: toMajor(row.price * row.quantity),
    personname: personName(row),
    tickettype: row.tickettype,
    ...images,
    ticketcode: row.ticket_code,
    tickethash_id: row.ticket_hash,
    candelete: 0,
    rowname: '',
    return_status: row.return_status,
  }
}
