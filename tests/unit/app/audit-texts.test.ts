import fs from 'node:fs'
import path from 'node:path'
import * as OpenCC from 'opencc-js'
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_NAMES, auditActionName, auditEntityName } from '../../../src/app/admin/catalogue/auditTexts'

/**
 * The console's audit log shows actions and entities by name (auditTexts.ts). This reads the
 * server's sources the way locale-format.test.ts reads the app's: every `writeAudit(…)` call's
 * action and entity, audit rows inserted without it (`insertAuditRow(…)`, `insertInto('audit_log')`), and the
 * entity and action arguments of insertRow/updateRow/deleteRow (rows.repository.ts) at their call
 * sites, literal strings, both sides of a computed one (`cond ? 'a' : 'b'`), a parameter's default
 * and a `TABLE[key]` lookup in a const object of the same file. A code the lists do not name, or an
 * expression this cannot read, fails the test.
 */
const SERVER = path.resolve('src/server')
const ROWS = path.join(SERVER, 'admin/catalogue/rows.repository.ts')
const AUDIT = path.join(SERVER, 'admin/audit.ts')
const AUDIT_REPOSITORY = path.join(SERVER, 'admin/audit.repository.ts')
const ROW_HELPERS = ['insertRow', 'updateRow', 'deleteRow'] as const

interface Scan {
  entities: Map<string, string[]>
  actions: Map<string, string[]>
  /** Places whose action or entity is no string this scan can read. */
  unread: string[]
  calls: number
}

/** The top-level comma-separated parts from `start` to the bracket that closes before it. */
function partsFrom(text: string, start: number): string[] {
  const parts: string[] = []
  let depth = 0
  let from = start
  for (let i = start; i < text.length; i++) {
    const ch = text[i]
    if (ch === "'" || ch === '"' || ch === '`') {
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === '\\') i++
    } else if (ch === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i)
    } else if (ch === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i) + 1
    } else if ('([{'.includes(ch)) {
      depth++
    } else if (')]}'.includes(ch)) {
      if (depth === 0) return [...parts, text.slice(from, i).trim()].filter((p) => p !== '')
      depth--
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(from, i).trim())
      from = i + 1
    }
  }
  throw new Error(`unbalanced brackets after ${start}`)
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length

/** Each call of `name(…)` in `text` (not its definition): where, and its arguments. */
function callsOf(text: string, name: string): { line: number; args: string[] }[] {
  return [...text.matchAll(new RegExp(`(?<!function )\\b${name}\\(`, 'g'))].map((m) => ({ line: lineAt(text, m.index), args: partsFrom(text, m.index + m[0].length) }))
}

/** The value of property `key` of an object literal (`{ key: value }`); `key` alone for `{ key }`; undefined if none. */
function propertyOf(object: string, key: string): string | undefined {
  if (!object.startsWith('{')) return undefined
  for (const part of partsFrom(object, 1)) {
    if (part === key) return key
    const m = new RegExp(`^${key}\\s*:\\s*([\\s\\S]+)$`).exec(part)
    if (m) return m[1].trim()
  }
  return undefined
}

const literals = (s: string) => [...s.matchAll(/'([^'\\]*)'|"([^"\\]*)"/g)].map((m) => m[1] ?? m[2])

/** The codes an expression can give: its string literals, or the values of `TABLE` for `TABLE[key]`; null when it has neither. */
function codesOf(expr: string, fileText: string): string[] | null {
  const found = literals(expr)
  if (found.length) return found
  const lookup = /^(\w+)\[[\w.]+\]$/.exec(expr)
  const table = lookup && new RegExp(`const ${lookup[1]}\\b[^=]*=\\s*\\{([^}]*)\\}`).exec(fileText)
  return table && literals(table[1]).length ? literals(table[1]) : null
}

/** The parameters of `function name(…)` in rows.repository.ts: their names and default codes. */
function helperParams(rowsText: string, name: string): { entity: number; action: number; defaultAction: string | null } {
  const m = new RegExp(`function ${name}\\(([^)]*)\\)`).exec(rowsText)
  if (!m) throw new Error(`rows.repository.ts has no function ${name}`)
  let list = m[1]
  // Type arguments (`Record<string, unknown>`) hold commas that separate no parameters.
  while (/<[^<>]*>/.test(list)) list = list.replace(/<[^<>]*>/g, '')
  const params = partsFrom(`${list})`, 0)
  const index = (p: string) => params.findIndex((s) => new RegExp(`^${p}\\b`).test(s))
  const action = index('action')
  return { entity: index('entity'), action, defaultAction: action < 0 ? null : (literals(params[action])[0] ?? null) }
}

function scanServer(): Scan {
  const scan: Scan = { entities: new Map(), actions: new Map(), unread: [], calls: 0 }
  const add = (into: Map<string, string[]>, codes: string[], where: string) => {
    for (const code of codes) into.set(code, [...(into.get(code) ?? []), where])
  }
  const read = (kind: 'entity' | 'action', expr: string | undefined, text: string, where: string) => {
    const codes = expr === undefined ? null : codesOf(expr, text)
    if (codes) add(kind === 'entity' ? scan.entities : scan.actions, codes, where)
    else scan.unread.push(`${where}: ${kind} ${expr ?? '(none)'}`)
  }
  const rowsText = fs.readFileSync(ROWS, 'utf8')
  const helpers = Object.fromEntries(ROW_HELPERS.map((h) => [h, helperParams(rowsText, h)]))

  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.tsx?$/.test(entry.name)) scanFile(file)
    }
  }
  const scanFile = (file: string) => {
    const text = fs.readFileSync(file, 'utf8')
    const rel = path.relative(process.cwd(), file)
    for (const { line, args } of callsOf(text, 'writeAudit')) {
      scan.calls++
      for (const kind of ['action', 'entity'] as const) {
        const expr = propertyOf(args[2] ?? '', kind)
        // rows.repository.ts passes its helpers' own parameters on: they are read at the helpers' call sites.
        if (file === ROWS && expr === kind) continue
        read(kind, expr, text, `${rel}:${line}`)
      }
    }
    // audit.ts's own call passes writeAudit's input on; any other caller names its codes.
    for (const { line, args } of file === AUDIT ? [] : callsOf(text, 'insertAuditRow')) {
      scan.calls++
      for (const kind of ['action', 'entity'] as const) read(kind, propertyOf(args[1] ?? '', kind), text, `${rel}:${line}`)
    }
    for (const m of text.matchAll(/insertInto\(\s*'audit_log'\s*\)/g)) {
      scan.calls++
      const values = text.indexOf('.values(', m.index)
      const row = values < 0 ? '' : (partsFrom(text, values + '.values('.length)[0] ?? '')
      const where = `${rel}:${lineAt(text, m.index)}`
      // audit.repository.ts inserts the row writeAudit builds: read at writeAudit's call sites.
      if (file === AUDIT_REPOSITORY && /^\w+$/.test(row)) continue
      read('action', propertyOf(row, 'action'), text, where)
      read('entity', propertyOf(row, 'entity'), text, where)
    }
    for (const helper of ROW_HELPERS) {
      const p = helpers[helper]
      for (const { line, args } of callsOf(text, helper)) {
        scan.calls++
        const where = `${rel}:${line} ${helper}`
        read('entity', args[p.entity], text, where)
        if (p.action >= 0) read('action', args[p.action] ?? (p.defaultAction === null ? undefined : `'${p.defaultAction}'`), text, where)
      }
    }
  }
  walk(SERVER)
  return scan
}

const HAS_CYRILLIC = /[\u0400-\u04ff]/
const KAZAKH_LETTERS = /[әғқңөұүһі]/i

describe('the audit log names what the server writes (audit screen)', () => {
  const scan = scanServer()

  it('reads every audit write of the server', () => {
    expect(scan.unread).toEqual([])
    // The scan itself works: each way a code is written is found.
    expect(scan.calls).toBeGreaterThan(40)
    for (const code of ['update+password', 'resend-tickets-failed', 'send-tickets-failed', 'unblock-seats', 'edit-map-copied', 'accessible-release', 'unarchive', 'unpublish', 'copy', 'create', 'update', 'delete']) {
      expect(scan.actions.has(code), `action ${code}`).toBe(true)
    }
    for (const code of ['kind', 'venue', 'promo', 'composition', 'agreement', 'checkin_list', 'loyalty', 'setup', 'order', 'api_token', 'session', 'price']) {
      expect(scan.entities.has(code), `entity ${code}`).toBe(true)
    }
  })

  it('names every action and entity the server writes, in all four languages', () => {
    const unnamedActions = [...scan.actions].filter(([code]) => !(AUDIT_ACTIONS as readonly string[]).includes(code)).map(([code, where]) => `${code} (${where.join(', ')})`)
    const unnamedEntities = [...scan.entities].filter(([code]) => !(AUDIT_ENTITIES as readonly string[]).includes(code)).map(([code, where]) => `${code} (${where.join(', ')})`)
    expect(unnamedActions, 'actions the server writes that auditTexts.ts does not name').toEqual([])
    expect(unnamedEntities, 'entities the server writes that auditTexts.ts does not name').toEqual([])
    for (const lang of LANGS) {
      for (const code of scan.actions.keys()) {
        const name = auditActionName(code, lang)
        expect(name.trim(), `${lang} action ${code}`).not.toBe('')
        expect(name, `${lang} action ${code}`).not.toBe(code)
      }
      for (const code of scan.entities.keys()) {
        const name = auditEntityName(code, lang)
        expect(name.trim(), `${lang} entity ${code}`).not.toBe('')
        expect(name, `${lang} entity ${code}`).not.toBe(code)
      }
    }
  })

  it('gives no two codes one name within a language, and each language its own script', () => {
    const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
    for (const lang of LANGS) {
      for (const names of [Object.values(AUDIT_ACTION_NAMES[lang]), Object.values(AUDIT_ENTITY_NAMES[lang])]) {
        const twice = names.filter((n, i) => names.indexOf(n) !== i)
        expect(twice, `${lang}: names given to more than one code`).toEqual([])
      }
    }
    expect(Object.keys(AUDIT_ACTION_NAMES.ru).sort()).toEqual([...AUDIT_ACTIONS].sort())
    expect(Object.keys(AUDIT_ENTITY_NAMES.ru).sort()).toEqual([...AUDIT_ENTITIES].sort())
    const all = (lang: (typeof LANGS)[number]) => [...Object.values(AUDIT_ACTION_NAMES[lang]), ...Object.values(AUDIT_ENTITY_NAMES[lang])]
    for (const name of all('ru')) expect(name, 'ru').toMatch(HAS_CYRILLIC)
    for (const name of all('kz')) expect(name, 'kz').toMatch(HAS_CYRILLIC)
    for (const name of all('en')) expect(name, 'en').not.toMatch(HAS_CYRILLIC)
    for (const name of all('ch')) expect(toTraditional(name), 'ch is Traditional').toBe(name)
    for (const name of all('ch')) expect(name, 'ch').toMatch(/[\u3400-\u9fff]/)
    // Kazakh, not Russian: most names use letters Russian lacks.
    expect(all('kz').filter((n) => KAZAKH_LETTERS.test(n)).length).toBeGreaterThan(all('kz').length / 2)
  })

  it('shows a code it does not know as it is', () => {
    expect(auditActionName('boxoffice-sale', 'en')).toBe('Box office sale')
    expect(auditEntityName('checkin_list', 'kz')).toBe('Кіру тізімі')
    expect(auditActionName('some-future-action', 'ru')).toBe('some-future-action')
    expect(auditEntityName('some_future_entity', 'ch')).toBe('some_future_entity')
    expect(auditEntityName('constructor', 'en')).toBe('constructor')
  })
})
