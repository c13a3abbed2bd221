import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'

/** Browsers may cache hashed build assets for a long time; index.html must always revalidate. */
const ASSET_MAX_AGE_MS = 7 * 24 * 3600 * 1000

/**
 * Serves the built web client from CLIENT_DIR and answers every unknown non-API GET with its
 * index.html (history-mode SPA routes such as /event/abc). Unknown /api paths answer 404 JSON.
 * When the client is not built, non-API pages say so plainly instead of a bare 404.
 */
export async function registerClient(app: FastifyInstance): Promise<void> {
  const dir = app.config.clientDir
  const index = path.join(dir, 'index.html')
  const built = fs.existsSync(index)
  if (built) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      index: 'index.html',
      maxAge: ASSET_MAX_AGE_MS,
      setHeaders: (res, file) => {
        if (file.endsWith('.html')) res.setHeader('cache-control', 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/')) {
      return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `Unknown path: ${request.method} ${url.split('?')[0]}` })
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `Unknown path: ${request.method} ${url.split('?')[0]}` })
    }
    if (!built || !fs.existsSync(index)) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>Seatwise</title><p>The web client is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it). The API is available at <a href="/api/docs">/api/docs</a>.</p>')
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dir)
  })
}
