import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { schemeLandingHtml } from './scheme-landing'

/**
 * Vite names every built asset under assets/ by its content hash: a new build is new names, so
 * browsers may keep them a year without asking. Everything else (index.html, the lab page, files
 * without a hash) must revalidate, or a deploy would leave visitors on yesterday's app.
 */
const HASHED_ASSETS_DIR = 'assets'
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

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
      cacheControl: false,
      // The build writes .br and .gz beside the assets (plugins/precompress.ts): sent as they are
      // to a client that accepts them, instead of compressing each response again (issue 16).
      // A file without them is sent as it is, and compressed per response as before.
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = path.relative(dir, file).split(path.sep)[0] === HASHED_ASSETS_DIR
        res.setHeader('cache-control', hashed ? HASHED_ASSET_CACHE : REVALIDATE)
        // The answer depends on Accept-Encoding once a compressed copy may be chosen.
        if (hashed) res.setHeader('vary', 'accept-encoding')
      },
      // Source maps (vite builds them 'hidden': not referenced by the bundles) stay on the
      // server in production: they would publish our sources.
      allowedPath: (pathName) => !(app.config.production && pathName.endsWith('.map')),
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/')) {
      return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `Unknown path: ${request.method} ${url.split('?')[0]}` })
    }
    // A missing hashed asset (or a refused source map) is a 404, not the app's page.
    if (request.method !== 'GET' && request.method !== 'HEAD' || url.startsWith(`/${HASHED_ASSETS_DIR}/`) || url.split('?')[0].endsWith('.map')) {
      return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `Unknown path: ${request.method} ${url.split('?')[0]}` })
    }
    if (!built || !fs.existsSync(index)) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>Seatwise</title><p>The web client is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it). The API is available at <a href="/api/docs">/api/docs</a>.</p>')
    }
    // A scheme page's HTML carries its landing answers (scheme-landing.ts): the same for every
    // visitor, but only as fresh as this request, so never stored (no-cache revalidates anyway).
    const landing = request.method === 'GET' ? await schemeLandingHtml(app.pageDb, index, url.split('?')[0], request.log) : null
    if (landing !== null) return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(landing)
    return reply.header('cache-control', REVALIDATE).sendFile('index.html', dir)
  })
}
