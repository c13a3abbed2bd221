import bwipjs from 'bwip-js/node'
import QRCode from 'qrcode'
import { QR_IMAGE_WIDTH, TICKET_TYPE_NO_CODE, TICKET_TYPE_QR } from '../../../contract/constants'

/** Quiet zone around a QR code, modules: 1 keeps the 180 px image mostly code and still scannable. */
const QR_MARGIN_MODULES = 1
/**
 * Added to the requested width: qrcode sizes the image as floor(modules × width / modules), which
 * floating point brings to 179 px for some module counts (43: a signed ticket token's version 6
 * code with its margin). A billionth of a pixel keeps every code at the spec's 180 px.
 */
const QR_WIDTH_ROUNDING = 1e-9
const QR_WIDTH = QR_IMAGE_WIDTH + QR_WIDTH_ROUNDING
/** bwip-js draws bars this many px per module; code128 of a 12-digit code is ~100 modules → ~230 px, the spec's 240 px. */
const BARCODE_SCALE_X = 2
/** Vertical scale: doubles bar height and text size, as the horizontal one. */
const BARCODE_SCALE_Y = 2
/** Bar height in bwip-js millimetres (≈ 2.835 px each at scale 1): bars and text come to 96 px at scale 2. */
const BARCODE_BAR_HEIGHT_MM = 14
/**
 * Quiet zones (bwip-js points, doubled by the scale) bringing a 12-digit code (101 modules,
 * 202 px) and its 96 px to the spec's 240 × 102 px (001 §9).
 */
const BARCODE_PADDING = { paddingleft: 10, paddingright: 9, paddingtop: 1, paddingbottom: 2 }
/** Rendered images are kept per code: a paid order is viewed again and again; a PNG costs ~5 ms to draw. */
const CACHE_MAX = 2000

const cache = new Map<string, string>()

function remember(key: string, value: string): string {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string)
  cache.set(key, value)
  return value
}

/** QR code of a ticket code: a base64 PNG (no data: prefix), QR_IMAGE_WIDTH px square (001 §9). */
export async function qrPngBase64(text: string): Promise<string> {
  const key = `qr:${text}`
  const hit = cache.get(key)
  if (hit) return hit
  const png = await QRCode.toBuffer(text, { type: 'png', width: QR_WIDTH, margin: QR_MARGIN_MODULES, errorCorrectionLevel: 'M' })
  return remember(key, png.toString('base64'))
}

/** Code 128 barcode of a ticket code with the digits under it: a base64 PNG (~240 × 102 px, 001 §9). */
export async function barcodePngBase64(text: string): Promise<string> {
  const key = `bar:${text}`
  const hit = cache.get(key)
  if (hit) return hit
  const png = await bwipjs.toBuffer({ bcid: 'code128', text, scaleX: BARCODE_SCALE_X, scaleY: BARCODE_SCALE_Y, height: BARCODE_BAR_HEIGHT_MM, includetext: true, textxalign: 'center', backgroundcolor: 'FFFFFF', ...BARCODE_PADDING })
  return remember(key, png.toString('base64'))
}

/**
 * The code images a ticket shows by its type (001 §3): 1 QR, 2 none, any other a barcode.
 * The QR code carries the signed token (`token`, issue 19.3), which a door scanner verifies
 * offline; the barcode keeps the printed 12-digit ticket code (`code`, also the ticketcode a
 * steward types): a 240 × 102 px Code 128 cannot hold a 64-byte signature, so those tickets
 * are checked against the synced ticket list instead (README, "Signed tickets").
 */
export async function ticketImages(tickettype: number, code: string, token: () => string): Promise<{ _qrcode: string; _barcode: string }> {
  if (tickettype === TICKET_TYPE_NO_CODE) return { _qrcode: '', _barcode: '' }
  if (tickettype === TICKET_TYPE_QR) return { _qrcode: await qrPngBase64(token()), _barcode: '' }
  return { _qrcode: '', _barcode: await barcodePngBase64(code) }
}

/** A QR image as a data: URL (the QR payment's form_qr_code). */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { width: QR_WIDTH, margin: QR_MARGIN_MODULES, errorCorrectionLevel: 'M' })
}
