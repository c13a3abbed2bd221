import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { LOCATION_POINT_FILE, LOCATION_POINT_PATH } from '../../contract/calls'
import { ErrorCode } from '../../contract/errors'
import { findImage } from '../domain/images/images.repository'
import { MEDIA_IMAGES_PREFIX } from '../domain/images/urls'

/** Images change only by uploading a new file name, so they may be cached for a day. */
const MEDIA_MAX_AGE_S = 24 * 3600
/**
 * Images the console uploads are named by their content hash (admin/media/upload.ts): a name
 * never changes its bytes, so browsers may keep them for a year without asking again.
 */
const UPLOAD_MAX_AGE_S = 365 * 24 * 3600
const UPLOADED = /^upload-[0-9a-f]+\.webp$/
/** SVG is stored as its text; raster images (uploads) as base64 of their bytes. */
const TEXT_MIME = 'image/svg+xml'

/** The location point may be replaced by the operator at any time: an hour of caching. */
const LOCATION_POINT_MAX_AGE_S = 3600

/** Our built-in map pin: a drop in the storefront's accent colour with a white dot. */
export const BUILT_IN_LOCATION_POINT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">' +
  '<path d="M12 1.5c-4.3 0-7.8 3.4-7.8 7.7 0 5.6 7.8 13.3 7.8 13.3s7.8-7.7 7.8-13.3c0-4.3-3.5-7.7-7.8-7.7z" fill="#d2232a"/>' +
  '<circle cx="12" cy="9.2" r="3.1" fill="#ffffff"/></svg>'

/** Headers every stored image is sent with. */
function imageHeaders(reply: FastifyReply, mime: string, maxAge: number) {
  return reply
    .type(mime)
    .header('cache-control', `public, max-age=${maxAge}`)
    .header('x-content-type-options', 'nosniff')
    // An SVG may carry script; this keeps any script in it from running when opened directly.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
}


/** GET /media/images/:file: images stored in the database (the demo's generated SVG posters), and the location point. */
export function registerMedia(app: FastifyInstance): void {
  app.get(
    `${MEDIA_IMAGES_PREFIX}:file`,
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string }
      const image = await findImage(app.db, file)
      if (!image) {
        return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `No image ${file}` })
      }
      const uploaded = UPLOADED.test(file)
      const headers = imageHeaders(reply, image.mime, uploaded ? UPLOAD_MAX_AGE_S : MEDIA_MAX_AGE_S)
      if (uploaded) headers.header('cache-control', `public, max-age=${UPLOAD_MAX_AGE_S}, immutable`)
      return headers.send(image.mime === TEXT_MIME ? image.body : Buffer.from(image.body, 'base64'))
    },
  )

  // GET static location-point image (001 §7): the operator's own, else the built-in pin.
  app.get(
    LOCATION_POINT_PATH,
    { schema: { summary: 'The location-point (map pin) image shown beside venue addresses', tags: ['static'] } },
    async (_request, reply) => {
      const own = await findImage(app.db, LOCATION_POINT_FILE)
      if (own) return imageHeaders(reply, own.mime, LOCATION_POINT_MAX_AGE_S).send(own.body)
      return imageHeaders(reply, 'image/svg+xml', LOCATION_POINT_MAX_AGE_S).send(BUILT_IN_LOCATION_POINT)
    },
  )
}
