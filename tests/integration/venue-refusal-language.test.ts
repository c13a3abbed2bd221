/**
 * A drawing the console's import refuses answers `{errorCode, errorText}` (400, never a 500) with
 * the reason worded in the operator's language: a Kazakh or Russian operator reads no English
 * sentence of the engine or the cleaner, and the numbers are theirs (levels, seats, MB, the line
 * and column of malformed markup). The refusal crosses the compile worker as its code and params
 * (server/venues/compile-protocol.ts); its English stays in the log (the failure's params).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAWING_BODY_LIMIT, MAX_DRAWING_BYTES } from '../../src/contract/admin/catalogue'
import { ErrorCode } from '../../src/contract/errors'
import { MAX_DEPTH } from '../../src/engine/parse/limits'
import { invalidAsFailure } from '../../src/server/admin/catalogue/references'
import { ApiFailure } from '../../src/server/errors'
import { recogniseForImport } from '../../src/server/venues/import'
import { MAX_ATTRIBUTE_BYTES } from '../../src/server/venues/sanitize'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'
/** Shapes too few to be seats: recognition needs a shape repeated at least this often. */
const LONE_SHAPES = 3
/** More than the drawing route's body allows beside the drawing itself (its bodyLimit's slack for the JSON around it). */
const BODY_SLACK = 64 * 1024
/** Bytes one newline takes in a JSON string ("\n"). */
const ESCAPED_NEWLINE_BYTES = 2

/** Refused drawings, each with what every language's text must hold (its numbers and names). */
const REFUSED = {
  'not SVG': { svg: '<html><body><p>Зал</p></body></html>', holds: ['<html>', '<svg>'] },
  malformed: { svg: `<svg ${SVG_NS}>\n  <g>\n    <!-- the stalls`, holds: ['<!-- … -->', '3'] },
  'too deep': { svg: `<svg ${SVG_NS}>${'<g>'.repeat(MAX_DEPTH + 1)}${'</g>'.repeat(MAX_DEPTH + 1)}</svg>`, holds: [String(MAX_DEPTH)] },
  'an entity declaration': { svg: `<!DOCTYPE svg [<!ENTITY lol "lol">]><svg ${SVG_NS}><text>&lol;</text></svg>`, holds: ['<!ENTITY>', 'DOCTYPE'] },
  'no seats': {
    svg: `<svg ${SVG_NS} viewBox="0 0 100 100">${Array.from({ length: LONE_SHAPES }, (_, i) => `<circle cx="${10 + i * 20}" cy="50" r="4"/>`).join('')}</svg>`,
    holds: [String(LONE_SHAPES)],
  },
  'an attribute over its bound': { svg: `<svg ${SVG_NS}><path d="M0 0${' L1 1'.repeat(Math.ceil((MAX_ATTRIBUTE_BYTES + 1024 * 1024) / 5))}"/></svg>`, holds: ['<path>', '5', '4'] },
} as const

const PREFIX = { kz: 'Сызбаны оқу мүмкін болмады: ', ru: 'Схему не удалось прочитать: ', en: 'The drawing could not be read: ' }

/** An English sentence (two English words in a row) once markup, quoted names and technical names are taken out. */
function englishSentence(text: string): string | null {
  const bare = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/«[^»]*»|"[^"]*"/g, ' ')
    .replace(/\b(?:SVG|XML|CDATA|DOCTYPE|ENTITY|MB)\b/g, ' ')
  return /[A-Za-z]{2,}[\s,.:;]+[A-Za-z]{2,}/.exec(bare)?.[0] ?? null
}

describe.each(TEST_DBS)('a refused drawing in the operator\'s language on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let venue: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Зал', name_en: 'Hall' })).body.id
  })
  afterAll(async () => {
    await server?.close()
  })

  const refuse = async (lang: keyof typeof PREFIX, svg: string) => {
    manager.lang = lang
    const answer = await manager.post(`/api/admin/venues/${venue}/drawings`, { name: 'refused', svg })
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400)
    expect(Object.keys(answer.body).sort()).toEqual(['errorCode', 'errorText'])
    expect(answer.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    return answer.body.errorText ?? ''
  }

  it.each(Object.keys(REFUSED) as (keyof typeof REFUSED)[])('%s: kz and ru read no English sentence, en reads well, nothing is stored', async (which) => {
    const { svg, holds } = REFUSED[which]
    for (const lang of ['kz', 'ru', 'en'] as const) {
      const text = await refuse(lang, svg)
      expect(text.startsWith(PREFIX[lang]), `${lang}: ${text}`).toBe(true)
      for (const part of holds) expect(text, lang).toContain(part)
      expect(text, lang).not.toMatch(/bytes|offset|\{\w+\}|undefined/)
      if (lang !== 'en') expect(englishSentence(text), `${lang}: ${text}`).toBeNull()
    }
    expect(await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).toEqual([])
  })

  it('the words of some refusals, as an operator reads them', async () => {
    expect(await refuse('kz', REFUSED['too deep'].svg)).toBe(`${PREFIX.kz}элементтер бір-біріне ${MAX_DEPTH} деңгейден тереңірек салынған`)
    expect(await refuse('ru', REFUSED.malformed.svg)).toBe(`${PREFIX.ru}комментарий <!-- … --> не закрыт (строка 3, позиция 5)`)
    expect(await refuse('en', REFUSED['not SVG'].svg)).toBe(`${PREFIX.en}it is not an SVG drawing: its first element is <html>, not <svg>`)
    expect(await refuse('kz', REFUSED['an attribute over its bound'].svg)).toBe(`${PREFIX.kz}<path> элементінің d атрибуты 5,1 МБ, ал атрибут ең көбі 4 МБ бола алады: пішінді жеңілдетіңіз немесе бөліктерге бөліңіз`)
    expect(await refuse('ru', REFUSED['no seats'].svg)).toMatch(new RegExp(`^${PREFIX.ru}мест нет: ни одна фигура размером с место не повторяется хотя бы \\d+ раз \\(в самой большой группе одинаковых фигур — ${LONE_SHAPES}\\)$`))
  })

  it('a body over the drawing route\'s limit is refused as too large (413), the drawing\'s limit named in MB in the operator\'s language, nothing stored', async () => {
    // Only the body's size counts here: the route refuses it before reading it as JSON. The route's
    // limit is padded for JSON escaping (DRAWING_BODY_LIMIT, so newlines, 2 bytes each, to pass it);
    // the refusal names the drawing's own, 48 MB (a drawing over it in a smaller body: drawing-upload-size).
    const svg = `<svg ${SVG_NS}>${'\n'.repeat(DRAWING_BODY_LIMIT / ESCAPED_NEWLINE_BYTES + BODY_SLACK)}</svg>`
    expect(svg.length * ESCAPED_NEWLINE_BYTES).toBeGreaterThan(DRAWING_BODY_LIMIT)
    const limitMb = String(MAX_DRAWING_BYTES / (1024 * 1024))
    const expected = { kz: `Сұраныс тым үлкен: ${limitMb} МБ-тан аспауы керек`, ru: `Запрос слишком велик: не больше ${limitMb} МБ`, en: `The request is too large: at most ${limitMb} MB` }
    for (const lang of ['kz', 'ru', 'en'] as const) {
      manager.lang = lang
      const answer = await manager.post(`/api/admin/venues/${venue}/drawings`, { name: 'huge', svg })
      expect(answer.status, lang).toBe(413)
      expect(answer.body, lang).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: expected[lang] })
    }
    expect(await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).toEqual([])
  })

  it('a rule set that cannot be compiled (the CLI\'s and the demo\'s import) is worded the same way, through the compile worker, its English kept for the log', async () => {
    const svg = `<svg ${SVG_NS}><circle id="s1" cx="1" cy="1" r="1"/></svg>`
    const refused = await invalidAsFailure(() => recogniseForImport({ svg, rules: { seats: [{ name: 'stalls', match: { id: '^(s' } }] } })).then(
      () => null,
      (err: unknown) => err,
    )
    expect(refused).toBeInstanceOf(ApiFailure)
    const failure = refused as ApiFailure
    expect(failure.textIn('kz')).toBe(`${PREFIX.kz}«stalls» орын ережесінде ^(s үлгісі тұрақты өрнек емес`)
    expect(failure.textIn('ru')).toBe(`${PREFIX.ru}шаблон ^(s в правиле мест «stalls» — не регулярное выражение`)
    expect(failure.textIn('en')).toBe(`${PREFIX.en}the pattern ^(s in seat rule "stalls" is not a regular expression`)
    expect(failure.params).toMatchObject({ refusal: 'rules-bad-pattern', engine: 'invalid regular expression in seat rule stalls: ^(s' })
  })
})
