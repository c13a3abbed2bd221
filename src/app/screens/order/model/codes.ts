import { BARCODE_IMAGE_HEIGHT, BARCODE_IMAGE_WIDTH, QR_IMAGE_HEIGHT, QR_IMAGE_WIDTH, TICKET_TYPE_QR } from '../../../../contract/constants'
import type { TicketLine } from './types'

/** The code image of a ticket line: QR for tickettype 1, barcode otherwise (001 §3, §9 sizes). */
export interface TicketCode {
  kind: 'qr' | 'barcode'
  /** A data: URL, or '' when the server sent no image (shown as the "not available" error). */
  src: string
  width: number
  height: number
}

/** The API sends base64 PNG; a value that already is a data: URL is kept as it is. */
export function imageSrc(base64: string): string {
  if (base64 === '') return ''
  return base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`
}

export function ticketCode(line: Pick<TicketLine, 'tickettype' | '_qrcode' | '_barcode'>): TicketCode {
  return line.tickettype === TICKET_TYPE_QR
    ? { kind: 'qr', src: imageSrc(line._qrcode), width: QR_IMAGE_WIDTH, height: QR_IMAGE_HEIGHT }
    : { kind: 'barcode', src: imageSrc(line._barcode), width: BARCODE_IMAGE_WIDTH, height: BARCODE_IMAGE_HEIGHT }
}

/** The next slide index of a swipe or arrow, clamped to the set (no wrap-around). */
export function stepSlide(index: number, delta: number, count: number): number {
  return Math.min(Math.max(0, index + delta), Math.max(0, count - 1))
}
