import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorCode } from '../../contract/errors'
import { MEDIA_IMAGES_PREFIX } from '../domain/images/urls'

/** Images change only by uploading a new file name, so they may be cached for a day. */
const MEDIA_MAX_AGE_S = 24 * 3600


/** GET /media/images/:file: images stored in the database (the demo's generated SVG posters). */
export function registerMedia(app: FastifyInstance): void {
  app.get(
    `${MEDIA_IMAGES_PREFIX}:file`,
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string }
      const image = await app.db.selectFrom('images').select(['mime', 'body']).where('file_name', '=', file).executeTakeFirst()
      if (!image) {
        return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `No image ${file}` })
      }
      return reply
        .type(image.mime)
        .header('cache-control', `public, max-age=${MEDIA_MAX_AGE_S}`)
        .header('x-content-type-options', 'nosniff')
        // An SVG may carry script; this keeps any script in it from running when opened directly.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(image.body)
    },
  )
}
