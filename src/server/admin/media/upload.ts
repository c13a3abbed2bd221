import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { Db } from '../../db/connect'
import { imageUrl } from '../../domain/images/urls'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'

import type { Actor } from '../context'
import { imageIdByName, insertImage, setEventImage } from './image.repository'
import { mustBeLiveEvent } from '../catalogue/rows.repository'
import { tx } from '../transaction'

/**
 * Event images (issue 17 item 2): the console sends the file, the server decodes it with sharp
 * (libvips), turns it upright by its EXIF orientation, scales it to fit the poster box (never
 * enlarging) and stores WebP. The stored name is the content hash, so a name never changes its
 * bytes and routes/media.ts may let browsers cache it for good.
 */

/** The poster box the storefront shows at most (listing cards and the event page), in pixels. */
export const POSTER_MAX_WIDTH = 1200
export const POSTER_MAX_HEIGHT = 1600
/** WebP quality: 80 keeps posters sharp at about a tenth of a camera JPEG's size. */
const WEBP_QUALITY = 80
/** Decoding refuses pictures larger than this many pixels (a decompression bomb costs memory, not time). */
const MAX_INPUT_PIXELS = 50_000_000
/** Formats accepted; SVG is not (it is a document that may carry script, and posters are pictures). */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])
/** Prefix of uploaded images' names; routes/media.ts caches these for good. */
export const UPLOAD_PREFIX = 'upload-'
/** Hex characters of the content hash in the name (64 bits: no two posters collide). */
const HASH_CHARS = 16

export interface Resized {
  body: Buffer
  width: number
  height: number
}

/** A box an image is scaled to fit, in pixels. */
export interface Box {
  width: number
  height: number
}
const POSTER_BOX: Box = { width: POSTER_MAX_WIDTH, height: POSTER_MAX_HEIGHT }

/** Decodes, orients, scales to fit `box` and re-encodes an image; unreadable or unsupported input is refused. */
export async function resizeImage(input: Buffer, box: Box): Promise<Resized> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const meta = await image.metadata()
    if (!meta.format || !FORMATS.has(meta.format)) throw new ApiFailure('admin-image-invalid')
    const { data, info } = await image
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true })
    return { body: data, width: info.width, height: info.height }
  } catch (err) {
    if (err instanceof ApiFailure) throw err
    throw new ApiFailure('admin-image-invalid')
  }
}

/** Decodes and scales an event's poster. */
export const resizePoster = (input: Buffer) => resizeImage(input, POSTER_BOX)

/**
 * Stores a resized image under its content hash (the same picture twice is one row) and answers
 * its id and URL. The images table keeps text, so the WebP bytes are kept as base64 (a third larger).
 */
export async function storeImage(db: Db, resized: Resized): Promise<{ imageId: number; fileName: string; url: string }> {
  const fileName = `${UPLOAD_PREFIX}${createHash('sha256').update(resized.body).digest('hex').slice(0, HASH_CHARS)}.webp`
  const imageId = (await imageIdByName(db, fileName)) ?? (await insertImage(db, { file_name: fileName, mime: 'image/webp', width: resized.width, height: resized.height, body: resized.body.toString('base64') }))
  return { imageId, fileName, url: imageUrl(fileName) }
}

/**
 * Stores an uploaded image for event `eventId` and makes it the event's image, with an audit
 * row.
 */
export async function uploadEventImage(db: Db, actor: Actor, eventId: number, input: { name: string; data: string }) {
  const resized = await resizePoster(Buffer.from(input.data, 'base64'))
  return tx(db, actor, async (trx) => {
    await mustBeLiveEvent(trx, eventId)
    const { imageId, fileName, url } = await storeImage(trx, resized)
    const before = await setEventImage(trx, eventId, imageId)
    if (before === undefined) throw new ApiFailure('admin-not-found', { what: 'event', id: eventId })
    await writeAudit(trx, actor, { action: 'upload-image', entity: 'event', entityId: eventId, before: { image_id: before }, after: { image_id: imageId, file: fileName, source: input.name, width: resized.width, height: resized.height } })
    return { image_id: imageId, url, width: resized.width, height: resized.height, bytes: resized.body.length }
  })
}
