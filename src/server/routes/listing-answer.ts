import type { FastifyReply, FastifyRequest } from 'fastify'
import { afishaResponseSchema } from '../../contract/entities/afisha'
import type { Db } from '../db/connect'
import { ProcessCache } from '../db/process-cache'
import { buildAfisha } from '../domain/catalog/service'
import { ANONYMOUS } from '../domain/crm/service'
import { buildSetup } from '../domain/settings/service'
import { addVary, answerEncoding, compressAnswer, type Encoding } from '../plugins/compression'
import { answerSerializer } from '../plugins/serializer'

/**
 * How old the listing (GET /api/afisha) a visitor without a signed-in CRM client gets may be: each
 * process builds that answer at most once in this time and sends the same text to everyone, each
 * encoding compressed once (issue 18: the listing is the page every visitor of an on-sale opens).
 *
 * Why: built per request the listing cost the server about 5 ms of CPU (the demo's 114 kB answer:
 * the stock counts, the answer's objects, its JSON) plus its brotli for a browser, and PostgreSQL a
 * count of the live holds of every session on sale, which grows with the sales: 1.2 ms a listing
 * with none, 6.9 ms with 50,000 in one session (one process on PostgreSQL, 2026-11-30).
 *
 * What it costs: the tickets left it shows may be up to this long behind a hold or a sale (the
 * listing decides nothing; every buying call counts afresh). The catalogue itself is as fresh as
 * before: the cache is a ProcessCache, so this process's writes to the catalogue's tables and an
 * operator's call void it at once, and other processes' edits wait at most the same second as the
 * listing's rows did (catalog/listing-rows.ts). A signed-in visitor's listing carries his CRM
 * client and is built for him, with fresh counts.
 */
export const LISTING_ANSWER_TTL_MS = 1000

/** An answer's JSON text, and each encoding of it made once on first demand. */
class SharedAnswer {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>()
  /** The text's size in bytes, counted once. */
  readonly size: number

  constructor(readonly json: string) {
    this.size = Buffer.byteLength(json)
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding)
    if (!body) {
      body = compressAnswer(this.json, encoding)
      this.encoded.set(encoding, body)
    }
    return body
  }
}

const serialize = answerSerializer(afishaResponseSchema)
/** One entry per database: the anonymous listing. */
const cache = new ProcessCache<0, SharedAnswer>(LISTING_ANSWER_TTL_MS, 1)

/** The listing as a visitor without a CRM client gets it, at most LISTING_ANSWER_TTL_MS old. */
export function anonymousListing(db: Db, now = Date.now()): Promise<SharedAnswer> {
  return cache.get(db, 0, async () => new SharedAnswer(serialize(await buildAfisha(db, await buildSetup(db, ANONYMOUS, now), now))), now)
}

/**
 * Sends a shared answer as the compression hook would have sent it built per request: JSON, in
 * the best encoding the client accepts (made once), plain for `x-no-compression` or a tiny answer.
 */
export async function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8')
  addVary(reply)
  const encoding = answerEncoding(request, answer.size)
  if (!encoding) return reply.send(answer.json)
  return reply.header('content-encoding', encoding).send(await answer.encodedAs(encoding))
}
