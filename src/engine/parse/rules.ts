/**
 * Rule sets (JSON-serialisable), an override for the rare drawing general recognition
 * (recognise/) reads wrongly: which elements are seats, standing areas and sector outlines, and
 * where a seat's sector, row, number and zone come from. Documented for authors in RULES.md.
 * Without a rule set, no seat rule applies: seats are recognised by structure and geometry.
 */
import { ParseErrorCode, VenueParseError } from './limits'
import { venueRefusal, type RulePlace } from './refusals'

/** Matches one element. Every given condition must hold. */
export interface ElementMatcher {
  /** Element name(s), without namespace prefix, case-insensitive (e.g. "path", ["circle", "ellipse"]). */
  tag?: string | string[]
  /** Class name(s) that must all be present (`class` or React's `className`). */
  class?: string | string[]
  /** Attribute name(s) that must all be present. */
  attr?: string | string[]
  /** Attribute name → regular expression its value must match. */
  attrPattern?: Record<string, string>
  /** Regular expression the id must match. */
  id?: string
  /** The parent element must match. */
  parent?: ElementMatcher
  /** Some ancestor must match. */
  ancestor?: ElementMatcher
}

/** Where one label comes from. The first source of a list that yields a value wins. */
export interface LabelSource {
  /** Attribute to read (default "id"). */
  attr?: string
  /** The attribute holds JSON (e.g. a data-* attribute carrying {"row":…,"seat":…}); read this key. */
  json?: string
  /** Regular expression on the value; capture group `group` (default 1, or the whole match when the pattern has no group) is the label. */
  pattern?: string
  group?: number
  /** Where to look for the attribute (default "self"); ancestors are searched nearest first. */
  scope?: 'self' | 'ancestors' | 'self-or-ancestors'
  /** With an ancestors scope: only ancestors matching this. */
  ancestor?: ElementMatcher
  /** Read the label of the nearest Inkscape layer (`inkscape:groupmode="layer"`) instead. */
  layer?: boolean
  /** A constant label. */
  value?: string
  /** Keep leading zeros of numeric labels ("01" stays "01"); by default "01" becomes "1". */
  keepZeros?: boolean
}

export interface LabelSources {
  sector?: LabelSource[]
  row?: LabelSource[]
  number?: LabelSource[]
  zone?: LabelSource[]
}

export interface SeatRule extends LabelSources {
  /** Shown in warnings and inspect output. */
  name?: string
  match: ElementMatcher
}

export interface StandingRule {
  match: ElementMatcher
  name?: LabelSource[]
  capacity?: LabelSource[]
  zone?: LabelSource[]
}

export interface OutlineRule {
  match: ElementMatcher
  sector?: LabelSource[]
}

export interface VenueRules {
  /** Seat rules, tried in order; the first match wins. Descendants of a seat are parts of it. */
  seats: SeatRule[]
  standing?: StandingRule[]
  /** Elements drawing a sector's outline (otherwise outlines are the band the sector's seats sweep). */
  sectorOutlines?: OutlineRule[]
  /** Label sources used when the matching seat rule has none for a label. */
  fallback?: LabelSources
  /** Also apply the built-in rules after these (default true). */
  extendDefaults?: boolean
}

/**
 * What applies without a rule set: no seat rules (seats are recognised by structure and geometry,
 * see recognise/), standing areas by a capacity attribute, and the generic label attributes a
 * rule set falls back to.
 */
export const DEFAULT_RULES: VenueRules = {
  seats: [],
  standing: [
    {
      match: { attr: 'data-capacity' },
      name: [{ attr: 'data-sector' }, { attr: 'data-name' }, { attr: 'id' }],
      capacity: [{ attr: 'data-capacity' }],
      zone: [{ attr: 'data-zone', scope: 'self-or-ancestors' }],
    },
  ],
  fallback: {
    sector: [{ attr: 'data-sector', scope: 'self-or-ancestors' }, { attr: 'data-section', scope: 'self-or-ancestors' }],
    row: [{ attr: 'data-row', scope: 'self-or-ancestors' }],
    number: [{ attr: 'data-seat' }, { attr: 'data-number' }],
    zone: [{ attr: 'data-zone', scope: 'self-or-ancestors' }],
  },
}

/** What the matcher sees of an element: cheap fields taken once per element. */
export interface ElementInfo {
  /** Lowercase local name. */
  tag: string
  id: string | undefined
  classes: readonly string[]
  /** name, value pairs (names normalised: className → class, xlink:href → href). */
  attrs: readonly string[]
  /** Inkscape layer label, when this element is a layer. */
  layer: string | undefined
}

export function getAttr(el: ElementInfo, name: string): string | undefined {
  const a = el.attrs
  for (let i = 0; i < a.length; i += 2) if (a[i] === name) return a[i + 1]
  return undefined
}

/**
 * Matchers and label sources take the open elements (`ancestors`, outermost first) and the index
 * of `el`'s parent in it. Contract: while an element is open, it and everything below it in
 * `ancestors` stay the same (the parser's element stack), so whatever depends only on the
 * ancestors is remembered per parent element: the seats of one row share their row's answer.
 */
export interface CompiledMatcher {
  (el: ElementInfo, ancestors: readonly ElementInfo[], parentIndex: number): boolean
}

/** No parent remembered yet (a fresh object: equal to no element). */
const NO_PARENT: ElementInfo = Object.freeze({ tag: '', id: undefined, classes: [], attrs: [], layer: undefined })

function toList(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v]
}

function regex(pattern: string, where: RulePlace): RegExp {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    throw new VenueParseError(ParseErrorCode.BadRules, venueRefusal('rules-bad-pattern', { ...where, pattern }))
  }
}

export function compileMatcher(m: ElementMatcher, where: RulePlace): CompiledMatcher {
  const tags = toList(m.tag).map((t) => t.toLowerCase())
  const classes = toList(m.class)
  const attrs = toList(m.attr)
  const patterns = Object.entries(m.attrPattern ?? {}).map(([k, v]) => [k, regex(v, where)] as const)
  const id = m.id === undefined ? null : regex(m.id, where)
  const parent = m.parent ? compileMatcher(m.parent, where) : null
  const ancestor = m.ancestor ? compileMatcher(m.ancestor, where) : null
  // The parent and ancestor conditions depend only on the ancestors: remembered per parent.
  let memoParent = NO_PARENT
  let memoResult = false
  const lineage = (ancestors: readonly ElementInfo[], parentIndex: number): boolean => {
    if (parentIndex < 0) return !parent && !ancestor
    const p = ancestors[parentIndex]
    if (p === memoParent) return memoResult
    let ok = !parent || parent(p, ancestors, parentIndex - 1)
    if (ok && ancestor) {
      let found = false
      for (let k = parentIndex; k >= 0 && !found; k--) found = ancestor(ancestors[k], ancestors, k - 1)
      ok = found
    }
    memoParent = p
    memoResult = ok
    return ok
  }
  const needsLineage = parent !== null || ancestor !== null
  // Cheapest tests first (all must hold, so the order does not change the answer).
  return (el, ancestors, parentIndex) => {
    if (tags.length && !tags.includes(el.tag)) return false
    for (const c of classes) if (!el.classes.includes(c)) return false
    for (const a of attrs) if (getAttr(el, a) === undefined) return false
    if (id && (el.id === undefined || !id.test(el.id))) return false
    for (const [name, re] of patterns) {
      const v = getAttr(el, name)
      if (v === undefined || !re.test(v)) return false
    }
    return !needsLineage || lineage(ancestors, parentIndex)
  }
}

export type CompiledSource = (el: ElementInfo, ancestors: readonly ElementInfo[], parentIndex: number) => string | undefined

/** Printable ASCII other than space: a label starting and ending with one needs no trim. */
function isPlainAscii(c: number): boolean {
  return c > 32 && c < 127
}

/** "007" → "7"; other labels are only trimmed. */
function normalise(value: string, keepZeros: boolean | undefined): string {
  const v = isPlainAscii(value.charCodeAt(0)) && isPlainAscii(value.charCodeAt(value.length - 1)) ? value : value.trim()
  return !keepZeros && v.charCodeAt(0) === 48 /* 0 */ && /^0+\d+$/.test(v) ? String(Number(v)) : v
}

function readValue(raw: string | undefined, s: LabelSource, re: RegExp | null): string | undefined {
  if (raw === undefined) return undefined
  let v: string | undefined = raw
  if (s.json !== undefined) {
    try {
      const parsed: unknown = JSON.parse(raw)
      const field = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[s.json] : undefined
      v = typeof field === 'string' || typeof field === 'number' ? String(field) : undefined
    } catch {
      v = undefined
    }
  }
  if (v === undefined) return undefined
  if (re) {
    const m = re.exec(v)
    if (!m) return undefined
    v = m[s.group ?? (m.length > 1 ? 1 : 0)]
    if (v === undefined) return undefined
  }
  const out = normalise(v, s.keepZeros)
  return out === '' ? undefined : out
}

export function compileSources(sources: LabelSource[] | undefined, where: RulePlace): CompiledSource[] {
  return (sources ?? []).map((s) => {
    if (s.value !== undefined) {
      const v = s.value
      return () => v
    }
    if (s.layer) {
      return (_el, ancestors, parentIndex) => {
        for (let k = parentIndex; k >= 0; k--) if (ancestors[k].layer) return ancestors[k].layer
        return undefined
      }
    }
    const attr = s.attr ?? 'id'
    const re = s.pattern === undefined ? null : regex(s.pattern, where)
    const scope = s.scope ?? 'self'
    const only = s.ancestor ? compileMatcher(s.ancestor, where) : null
    const read = (el: ElementInfo) => readValue(attr === 'id' ? el.id : getAttr(el, attr), s, re)
    // The ancestors' answer, remembered per parent (see CompiledMatcher).
    let memoParent = NO_PARENT
    let memoValue: string | undefined
    return (el, ancestors, parentIndex) => {
      if (scope !== 'ancestors') {
        const v = read(el)
        if (v !== undefined || scope === 'self') return v
      }
      if (parentIndex < 0) return undefined
      if (ancestors[parentIndex] === memoParent) return memoValue
      let found: string | undefined
      for (let k = parentIndex; k >= 0 && found === undefined; k--) {
        if (only && !only(ancestors[k], ancestors, k - 1)) continue
        found = read(ancestors[k])
      }
      memoParent = ancestors[parentIndex]
      memoValue = found
      return found
    }
  })
}

export interface CompiledLabels {
  sector: CompiledSource[]
  row: CompiledSource[]
  number: CompiledSource[]
  zone: CompiledSource[]
}

export interface CompiledRules {
  seats: { name: string; match: CompiledMatcher; labels: CompiledLabels }[]
  standing: { match: CompiledMatcher; name: CompiledSource[]; capacity: CompiledSource[]; zone: CompiledSource[] }[]
  outlines: { match: CompiledMatcher; sector: CompiledSource[] }[]
}

function compileLabels(own: LabelSources, fallback: LabelSources, where: RulePlace): CompiledLabels {
  const pick = (key: keyof LabelSources) => compileSources([...(own[key] ?? []), ...(fallback[key] ?? [])], where)
  return { sector: pick('sector'), row: pick('row'), number: pick('number'), zone: pick('zone') }
}

const STANDING_RULE: RulePlace = { rule: 'standing', name: '' }
const OUTLINE_RULE: RulePlace = { rule: 'outline', name: '' }

/** Validates and compiles rules; user rules come first, then (unless disabled) the defaults. */
export function compileRules(user?: VenueRules): CompiledRules {
  if (user !== undefined && (typeof user !== 'object' || !Array.isArray(user.seats)))
    throw new VenueParseError(ParseErrorCode.BadRules, venueRefusal('rules-not-object', {}))
  const sets = user ? (user.extendDefaults === false ? [user] : [user, DEFAULT_RULES]) : [DEFAULT_RULES]
  const compiled: CompiledRules = { seats: [], standing: [], outlines: [] }
  for (const set of sets) {
    const fallback = set.fallback ?? DEFAULT_RULES.fallback ?? {}
    set.seats.forEach((rule, i) => {
      const where: RulePlace = { rule: 'seat', name: String(rule?.name ?? i) }
      if (!rule || typeof rule.match !== 'object') throw new VenueParseError(ParseErrorCode.BadRules, venueRefusal('rules-no-match', where))
      compiled.seats.push({ name: rule.name ?? `rule ${i}`, match: compileMatcher(rule.match, where), labels: compileLabels(rule, fallback, where) })
    })
    for (const rule of set.standing ?? []) {
      compiled.standing.push({
        match: compileMatcher(rule.match, STANDING_RULE),
        name: compileSources(rule.name, STANDING_RULE),
        capacity: compileSources(rule.capacity, STANDING_RULE),
        zone: compileSources(rule.zone ?? fallback.zone, STANDING_RULE),
      })
    }
    for (const rule of set.sectorOutlines ?? [])
      compiled.outlines.push({ match: compileMatcher(rule.match, OUTLINE_RULE), sector: compileSources(rule.sector ?? fallback.sector, OUTLINE_RULE) })
  }
  return compiled
}

export function firstLabel(sources: CompiledSource[], el: ElementInfo, ancestors: readonly ElementInfo[], parentIndex: number): string | undefined {
  for (const s of sources) {
    const v = s(el, ancestors, parentIndex)
    if (v !== undefined) return v
  }
  return undefined
}

/** The first rule whose matcher accepts the element (a plain loop: no closure per element). */
export function firstMatch<R extends { match: CompiledMatcher }>(rules: readonly R[], el: ElementInfo, ancestors: readonly ElementInfo[], parentIndex: number): R | undefined {
  for (let k = 0; k < rules.length; k++) if (rules[k].match(el, ancestors, parentIndex)) return rules[k]
  return undefined
}
