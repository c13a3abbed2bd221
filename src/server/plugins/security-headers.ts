import type { FastifyInstance } from 'fastify'

/**
 * Content-Security-Policy of every answer (pages, the API, the sandbox bank's pages, /api/docs).
 * What the app needs and why:
 * - script-src 'self': Vite's build has no inline script; Pixi's code generation (new Function)
 *   is replaced by `pixi.js/unsafe-eval` (imported by the renderer), so no 'unsafe-eval';
 * - worker-src 'self' blob:: our parser and render workers are files; Pixi starts its image
 *   workers from blob: URLs;
 * - style-src 'unsafe-inline': React's style attributes (seat-map overlays, progress bars) and the
 *   sandbox bank's one <style> block; styles cannot run code;
 * - img-src data: blob:: QR codes and the captcha arrive as data: URLs, the map's textures as blobs;
 * - connect-src 'self': the API and the live seat stream are same-origin;
 * - frame-ancestors 'none': no other site may frame the shop (clickjacking of "Pay");
 * - no form-action: the card-scheme branch posts a hidden form to the bank's own address.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The door check-in app's pages (/door) also allow 'wasm-unsafe-eval': its barcode decoder is
 * WebAssembly (zxing-wasm, our own file). It lets WebAssembly compile and nothing else (no eval,
 * no new Function), and only there: the storefront and the console keep the stricter policy.
 */
export const DOOR_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
const DOOR_PAGES = /^\/door(?:[/?#]|$)/

/**
 * Order hashes are in the order view's and tickets' URLs: the full URL must never travel to
 * another site in a Referer (the bank's page, an agreement's external link).
 */
export const REFERRER_POLICY = 'same-origin'
/**
 * What a proxy or the browser may keep of an API answer unless its handler says otherwise: nothing.
 * GET answers are per visitor (setup names the signed-in client, with phone and e-mail; the listing
 * and the sessions count what is left right now), and without a Cache-Control a shared cache may
 * keep an answer by its own heuristics. The answers meant to be kept set their own: the compiled
 * venue (immutable, by content hash), the door's keys.
 */
export const API_CACHE_CONTROL = 'no-store'
const API_PATH = /^\/api\//

/** HSTS only where the shop is https (PUBLIC_URL); one year, the usual preload minimum. */
const HSTS_MAX_AGE_S = 365 * 24 * 3600

/**
 * The security headers every answer carries whatever its path: the storefront's CSP, nosniff,
 * the Referrer-Policy, and X-Frame-Options for browsers older than frame-ancestors. Also what
 * the answers written on the raw socket carry (plugins/client-errors.ts), where no URL was read.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'x-frame-options': 'DENY',
})

/** Bits of an answer's header set's index in ANSWER_HEADERS. */
const DOOR_BIT = 4
const HTTPS_BIT = 2
const API_BIT = 1

function buildAnswerHeaders(door: boolean, https: boolean, api: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = { ...BASE_SECURITY_HEADERS }
  if (door) headers['content-security-policy'] = DOOR_CONTENT_SECURITY_POLICY
  if (https) headers['strict-transport-security'] = `max-age=${HSTS_MAX_AGE_S}`
  if (api) headers['cache-control'] = API_CACHE_CONTROL
  return Object.freeze(headers)
}
/** Every combination, built once: no allocation per request. */
const ANSWER_HEADERS = Array.from({ length: DOOR_BIT * 2 }, (_, i) => buildAnswerHeaders((i & DOOR_BIT) !== 0, (i & HTTPS_BIT) !== 0, (i & API_BIT) !== 0))

/**
 * The one home of the headers an answer to `url` carries (security and the API's caching): the
 * onRequest hook below sets them, and the answers written before or around the hooks use the
 * same values: Fastify's frameworkErrors (app.ts), the live seat stream's writeHead (which copies
 * the reply's headers, routes/seat-events.ts). `https`: the shop's PUBLIC_URL is https (HSTS).
 */
export function answerHeaders(url: string, https: boolean): Readonly<Record<string, string>> {
  return ANSWER_HEADERS[(DOOR_PAGES.test(url) ? DOOR_BIT : 0) | (https ? HTTPS_BIT : 0) | (API_PATH.test(url) ? API_BIT : 0)]
}

/** Whether the shop is served over https (PUBLIC_URL), so its answers carry HSTS. */
export const isHttps = (publicUrl: string): boolean => publicUrl.startsWith('https://')

/**
 * Security headers on every answer, set when the request arrives so that errors, 404s, static
 * files and the SPA fallback carry them too (a handler may still set its own).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const https = isHttps(app.config.publicUrl)
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(answerHeaders(request.url, https))
  })
}
