import fs from 'node:fs'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import { calls } from '../../contract/calls'
import { LANDING_ELEMENT_ID } from '../../contract/landing'
import type { Db } from '../db/connect'
import { schemeLanding, schemeRouteOf, type SchemeLanding } from '../domain/scheme/landing'
import { contractSerializerCompiler } from './serializer'

/**
 * The scheme page's HTML with its landing answers (domain/scheme/landing.ts) in a JSON data
 * block before </head>, where the entry reads them (app/boot/earlyAnswers.ts). Each answer is
 * written by the same serializer as its call's, so the page parses exactly what the call would
 * have answered.
 *
 * LANDING_BUDGET_MS bounds what the HTML may wait for them: past it (a database slowed by a rush)
 * the page goes without, and asks as before. A few round trips at the phone profile's 150 ms
 * are what the answers save, so waiting longer would cost more than it saves.
 */
export const LANDING_BUDGET_MS = 300

type Serialize = (data: unknown) => string
const serializerOf = (schema: z.ZodType): Serialize => contractSerializerCompiler({ schema, method: 'POST', url: '', httpStatus: '200' } as never) as Serialize
let serializers: { scheme: Serialize; sessions: Serialize; queue: Serialize; compiled: Serialize } | null = null
function serialize(): NonNullable<typeof serializers> {
  serializers ??= {
    scheme: serializerOf(calls.scheme.response),
    sessions: serializerOf(calls.schemeSessions.response),
    queue: serializerOf(calls.queueStatus.response),
    compiled: serializerOf(calls.schemeMapCompiled.response),
  }
  return serializers
}

/**
 * The landing as JSON, safe inside a <script> element: `<` only occurs inside JSON strings,
 * where \u003c means the same, so no `</script>` or `<!--` of an event's text can end the block.
 */
export function landingJson(landing: SchemeLanding): string {
  const s = serialize()
  const session = landing.session
  const parts = [`"hash":${JSON.stringify(landing.hash)}`, `"scheme":${s.scheme(landing.scheme)}`, `"sessions":${s.sessions(landing.sessions)}`]
  if (session) {
    parts.push(`"session":{"calendar_id":${session.calendar_id},"queue":${session.queue ? s.queue(session.queue) : 'null'},"compiled":${session.compiled ? s.compiled(session.compiled) : 'null'}}`)
  }
  return `{${parts.join(',')}}`.replace(/</g, '\\u003c')
}

/** index.html's text, read again only when the file changes (a new build). */
let cached: { file: string; mtimeMs: number; size: number; text: string } | null = null
function indexText(file: string): string {
  const stat = fs.statSync(file)
  if (cached === null || cached.file !== file || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
    cached = { file, mtimeMs: stat.mtimeMs, size: stat.size, text: fs.readFileSync(file, 'utf8') }
  }
  return cached.text
}

const HEAD_END = '</head>'
/** `answer`, or 'late' once `ms` passed; the timer goes as soon as the answer is in (no timer left behind each page). */
async function withinBudget<T>(answer: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, ms, 'late')
  })
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The HTML of a scheme page with its landing answers, or null where the path is not a scheme
 * page, its event does not answer, or the answers took longer than LANDING_BUDGET_MS (or
 * failed: logged): the caller sends index.html as it is.
 */
export async function schemeLandingHtml(db: Db, indexFile: string, pathname: string, log: FastifyBaseLogger): Promise<string | null> {
  const route = schemeRouteOf(pathname)
  if (route === null) return null
  const answers = schemeLanding(db, route)
  // Whatever happens after the budget is nobody's: its rejection is logged, not thrown.
  answers.catch((err: unknown) => log.warn({ err, pathname }, 'scheme landing answers failed; the page asks itself'))
  const landing = await withinBudget(answers, LANDING_BUDGET_MS).catch(() => null)
  if (landing === null || landing === 'late') return null
  const html = indexText(indexFile)
  const at = html.indexOf(HEAD_END)
  if (at < 0) return null
  return `${html.slice(0, at)}<script type="application/json" id="${LANDING_ELEMENT_ID}">${landingJson(landing)}</script>${html.slice(at)}`
}
