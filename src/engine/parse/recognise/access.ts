/**
 * Seat types (accessible seating, issue 20 item 3) read from the markup, whatever the drawing
 * calls them: an attribute whose name says a type and whose value is not a "no"
 * (`data-wheelchair="true"`, `companion_of="12"`), or any attribute value whose words say one
 * (`type="wheelchair_side"`, `class="seat rollstuhl"`, `data-kind="RestrictedView"`,
 * `aria-label="… companion seat"`, a `<use href="#wheelchair-space">`, an Inkscape layer called
 * "Rollstuhlplätze"). Words, not one drawing's names, in the languages venue drawings are made in.
 *
 * Cost: per attribute a cached name lookup and, for values, one regular-expression test on the
 * value; only values holding a type word's stem are split into words (cached per distinct value).
 */
import { SeatAccess } from '../../model'

/** Stems matched inside a word, by type; a type listed earlier wins ("wheelchair_companion" is a companion seat). */
const STEMS: readonly [SeatAccess, readonly string[]][] = [
  [SeatAccess.Companion, ['companion', 'accompan', 'accompagn', 'acompa', 'begleit', 'escort', 'caregiver', 'сопровожд', 'супровід', 'супровожд']],
  [SeatAccess.SignLanguage, ['signlang', 'interpret', 'gebärden', 'gebaerden', 'dolmetsch', 'сурдо', 'жестов']],
  [SeatAccess.Restricted, ['restrict', 'obstruct', 'obscur', 'sichtbehind', 'sichteingeschr', 'ограниченн', 'обмежен']],
  [SeatAccess.Transfer, ['transfer', 'aisle', 'armrest', 'gangplatz', 'gangsitz']],
  [SeatAccess.Wheelchair, ['wheelchair', 'rollstuhl', 'accessib', 'handicap', 'barrierefrei', 'коляс', 'инвалид', 'інвалід', 'roulant', 'ruedas', 'wózek', 'wozek']],
]
/** Whole words only (short ones would match inside ordinary words). */
const WORDS = new Map<string, SeatAccess>([
  ['carer', SeatAccess.Companion], ['asl', SeatAccess.SignLanguage], ['bsl', SeatAccess.SignLanguage],
  ['rolli', SeatAccess.Wheelchair], ['pmr', SeatAccess.Wheelchair], ['wheelchairs', SeatAccess.Wheelchair],
])
/** Two words that say a type together: "sign language", "limited view". */
const PAIRS: readonly [string, readonly string[], SeatAccess][] = [
  ['sign', ['language', 'languages', 'interpreter', 'interpreting'], SeatAccess.SignLanguage],
  ['view', ['limited', 'partial', 'poor', 'reduced'], SeatAccess.Restricted],
]
/** Words that deny a type. ("disabled" is not read at all: a web drawing's disabled seat is one not for sale.) */
const NEGATED = /^(in|un|non)access/u
/** A quick test before splitting a value into words: every stem, word and pair's first word. */
const ANY_STEM = new RegExp(
  [...STEMS.flatMap(([, s]) => s), ...WORDS.keys(), ...PAIRS.map(([w]) => w)].join('|'),
  'i',
)
/** The first three letters of every ASCII stem and word, as (a << 10 | b << 5 | c) of their codes & 31. */
const STEM_STARTS = new Uint8Array(1 << 15)
for (const stem of [...STEMS.flatMap(([, s]) => s), ...WORDS.keys(), ...PAIRS.map(([w]) => w)]) {
  if (!/^[a-z]{3}/.test(stem)) continue
  STEM_STARTS[((stem.charCodeAt(0) & 31) << 10) | ((stem.charCodeAt(1) & 31) << 5) | (stem.charCodeAt(2) & 31)] = 1
}
/** Values of a type-named attribute that mean "not this type". */
const NO_VALUES = new Set(['', 'false', '0', 'no', 'none', 'off', 'n', 'nein', 'нет', 'ні', 'non'])
/** Attributes that draw, style or lay out: never read for types. */
const SKIPPED = new Set([
  'd', 'points', 'transform', 'style', 'x', 'y', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'fill', 'opacity', 'viewbox',
  'x1', 'y1', 'x2', 'y2', 'dx', 'dy', 'rotate', 'version', 'clip-path', 'mask', 'filter', 'display', 'visibility', 'fill-rule',
  'clip-rule', 'preserveaspectratio', 'pathlength', 'vector-effect', 'enable-background', 'xml:space', 'text-anchor',
])
/** Longest value read (descriptions say a type in a short phrase; longer values are data). */
const MAX_VALUE = 200
/** Distinct names and values remembered (drawings repeat a handful of each). */
const MAX_CACHE = 4096

/** Per attribute name: -1 skip, 0 read the value, else the type the name says. */
const nameCache = new Map<string, number>()
const valueCache = new Map<string, SeatAccess>()

/** "RestrictedView_2" → ["restricted", "view"]. */
function words(text: string): string[] {
  return text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[^\p{L}]+/u).filter(Boolean)
}

/** The type a text's words say, or None. */
export function accessOfText(text: string): SeatAccess {
  if (text.length < 3 || text.length > MAX_VALUE || !mayHoldStem(text)) return SeatAccess.None
  let found = valueCache.get(text)
  if (found !== undefined) return found
  found = ANY_STEM.test(text) ? typeOfWords(words(text)) : SeatAccess.None
  if (valueCache.size < MAX_CACHE) valueCache.set(text, found)
  return found
}

/**
 * Whether a value may hold a type word: it has a non-ASCII character, or three ASCII letters in a
 * row that begin a stem or word. Most values ("seat", "sector z1", "#seat-shape", numbers) fail
 * this without being hashed for the cache or run through the regular expression (≈ 0.2 s per
 * million seats before).
 */
function mayHoldStem(text: string): boolean {
  let p2 = -1
  let p1 = -1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0x80) return true
    const l = c | 32
    if (l >= 97 && l <= 122) {
      const code = l & 31
      if (p2 >= 0 && STEM_STARTS[(p2 << 10) | (p1 << 5) | code] === 1) return true
      p2 = p1
      p1 = code
    } else p2 = p1 = -1
  }
  return false
}

function typeOfWords(list: string[]): SeatAccess {
  let found: SeatAccess = SeatAccess.None
  let rank = STEMS.length
  for (const w of list) {
    // "inaccessible", "unaccessible": the opposite.
    if (NEGATED.test(w)) continue
    const whole = WORDS.get(w)
    if (whole !== undefined) {
      const r = STEMS.findIndex(([t]) => t === whole)
      if (r < rank) {
        rank = r
        found = whole
      }
    }
    for (let r = 0; r < rank; r++) {
      if (STEMS[r][1].some((s) => w.includes(s))) {
        rank = r
        found = STEMS[r][0]
        break
      }
    }
  }
  for (const [first, seconds, type] of PAIRS) {
    const r = STEMS.findIndex(([t]) => t === type)
    if (r < rank && list.includes(first) && list.some((w) => seconds.includes(w))) {
      rank = r
      found = type
    }
  }
  return found
}

/**
 * The commonest attribute names answered without hashing them (the scanner gives each element
 * fresh name strings, so a Map lookup hashes every one: ~0.4 s per million seats before).
 */
function commonRole(name: string): number | undefined {
  switch (name.length) {
    case 1:
      return -1 // d, x, y, r
    case 2:
      return name === 'id' ? 0 : name === 'cx' || name === 'cy' || name === 'rx' || name === 'ry' ? -1 : undefined
    case 4:
      return name === 'href' || name === 'type' ? 0 : name === 'fill' ? -1 : undefined
    case 5:
      return name === 'class' ? 0 : name === 'style' || name === 'width' ? -1 : undefined
    case 6:
      return name === 'points' || name === 'height' || name === 'stroke' ? -1 : undefined
    case 9:
      return name === 'transform' ? -1 : undefined
  }
  return undefined
}

function nameRole(name: string): number {
  let role = commonRole(name)
  if (role !== undefined) return role
  if (name.startsWith('stroke') || name.startsWith('font') || name.startsWith('xmlns') || name.startsWith('sodipodi:')) return -1
  // A name that cannot say a type: its value is read, without hashing the name. (Drawing
  // attributes not caught above hold numbers and colours, which the value's prefilter drops.)
  if (!mayHoldStem(name)) return 0
  role = nameCache.get(name)
  if (role !== undefined) return role
  const lower = name.toLowerCase()
  if (SKIPPED.has(lower) || lower.startsWith('xmlns') || lower.startsWith('stroke') || lower.startsWith('font') || lower.startsWith('sodipodi:') || lower.startsWith('on')) role = -1
  else role = accessOfText(name.replace(/^(data|aria)[-_:]/i, ''))
  if (nameCache.size < MAX_CACHE) nameCache.set(name, role)
  return role
}

/** The seat type an element's attributes (name, value pairs) say, or None. */
export function accessOfAttributes(attrs: readonly string[]): SeatAccess {
  let found: SeatAccess = SeatAccess.None
  for (let i = 0; i < attrs.length; i += 2) {
    const role = nameRole(attrs[i])
    if (role < 0) continue
    const value = attrs[i + 1]
    const type = role > 0 ? (NO_VALUES.has(value.trim().toLowerCase()) ? SeatAccess.None : (role as SeatAccess)) : accessOfText(value)
    // The first attribute that says a type wins, except that a companion outranks a wheelchair
    // space (a companion seat's markup names the space it goes with).
    if (type !== SeatAccess.None && (found === SeatAccess.None || (found === SeatAccess.Wheelchair && type === SeatAccess.Companion))) found = type
  }
  return found
}
