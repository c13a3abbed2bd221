import type { Socket } from 'node:net'
import { ErrorCode } from '../../contract/errors'
import { API_CACHE_CONTROL, BASE_SECURITY_HEADERS } from './security-headers'

/**
 * The security headers as raw header lines (security-headers.ts), and no-store as every error of
 * the API: these answers never pass the hooks, and a browser must not sniff their JSON as HTML
 * nor frame them. No HSTS: the shop's other answers carry it, and this function has no configuration.
 */
const SECURITY_HEADER_LINES = Object.entries({ ...BASE_SECURITY_HEADERS, 'cache-control': API_CACHE_CONTROL })
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('')

/**
 * Answers of Node's HTTP parser, before Fastify sees a request (a URL or headers past the
 * header-size limit: 431, a request that is not HTTP: 400), in the API's error shape. The
 * language of the request is unknown here (it was never read), so the text is English.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW'
  const status = tooLarge ? 431 : 400
  const body = JSON.stringify({
    errorCode: ErrorCode.BAD_REQUEST,
    errorText: tooLarge ? 'The request address or headers are too long' : 'The request could not be read',
  })
  socket.end(`HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nConnection: close\r\nContent-Type: application/json\r\n${SECURITY_HEADER_LINES}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
}
