import { z } from 'zod'
import {
  AGE_WARNING,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  DOC_NUMBER_MAX,
  NOMINAL_MIDDLE_NAME_MAX,
  NOMINAL_MIDDLE_NAME_MIN,
  NOMINAL_NAME_MAX,
  NOMINAL_NAME_MIN,
  NOMINAL_SURNAME_MAX,
  NOMINAL_SURNAME_MIN,
} from '../constants'
import { RuleError, type FieldError, type RuleErrorKey } from './errors'
import { NOMINAL_NAME_PATTERN } from './patterns'
import { zoneDay } from './wallClock'

/** Named-ticket form rules (000 §5). Values are trimmed before every check. */

const nameCheck = (min: number, max: number) => (s: string): boolean => {
  const t = s.trim()
  return t.length >= min && t.length <= max && NOMINAL_NAME_PATTERN.test(t)
}
/** surname: 2-32 Latin or Cyrillic letters, spaces, hyphen. */
export const isNominalSurnameValid = nameCheck(NOMINAL_SURNAME_MIN, NOMINAL_SURNAME_MAX)
/** name: 3-64, same pattern. */
export const isNominalNameValid = nameCheck(NOMINAL_NAME_MIN, NOMINAL_NAME_MAX)
/** middle_name: 3-64, same pattern (required only when needmiddlename = 1). */
export const isNominalMiddleNameValid = nameCheck(NOMINAL_MIDDLE_NAME_MIN, NOMINAL_MIDDLE_NAME_MAX)

const nameSchema = (min: number, max: number, key: string, requiredKey: string) =>
  z.string().trim().min(1, requiredKey).min(min, key).max(max, key).regex(NOMINAL_NAME_PATTERN, key)
export const nominalSurnameSchema = nameSchema(NOMINAL_SURNAME_MIN, NOMINAL_SURNAME_MAX, RuleError.NOMINAL_SURNAME, RuleError.NOMINAL_SURNAME_REQUIRED)
export const nominalNameSchema = nameSchema(NOMINAL_NAME_MIN, NOMINAL_NAME_MAX, RuleError.NOMINAL_NAME, RuleError.NOMINAL_NAME_REQUIRED)
export const nominalMiddleNameSchema = nameSchema(NOMINAL_MIDDLE_NAME_MIN, NOMINAL_MIDDLE_NAME_MAX, RuleError.NOMINAL_MIDDLE_NAME, RuleError.NOMINAL_MIDDLE_NAME_REQUIRED)

/**
 * The error of an asked name part (surname, name, middle name): an empty or blank one is named
 * as missing, so the visitor is told to fill it in rather than shown its length rule; anything
 * typed is checked by its rule. null when it passes.
 */
function nameError(s: string, valid: (s: string) => boolean, requiredKey: RuleErrorKey, key: RuleErrorKey): RuleErrorKey | null {
  if (s.trim() === '') return requiredKey
  return valid(s) ? null : key
}

/** age (needage = 1): one or two digits. */
export const AGE_PATTERN = /^\d{1,2}$/
export function isAgeValid(s: string): boolean {
  return AGE_PATTERN.test(s.trim())
}
export const ageSchema = z.string().trim().regex(AGE_PATTERN, RuleError.AGE)

// ── birth date (needage = 2) ─────────────────────────────────────────────────────────────
export interface BirthDate {
  day: number
  month: number
  year: number
}

/** Parses dd.mm.yyyy (exactly 10 characters, a real calendar date, year 1900-2051); null if not. */
export function parseBirthDate(s: string): BirthDate | null {
  const t = s.trim()
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t)
  if (!m) return null
  const day = Number(m[1])
  const month = Number(m[2])
  const year = Number(m[3])
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX || month < 1 || month > 12 || day < 1) return null
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > daysInMonth) return null
  return { day, month, year }
}

/**
 * Full years between a birth date and `now` by the calendar of `timeZone` (the venue's:
 * someone born on 6 December is 18 from 00:00 of 6 December there, when UTC may still be on the
 * 5th); negative when born after now.
 */
export function ageOn(birth: BirthDate, now: Date, timeZone: string): number {
  const [y, m, d] = zoneDay(now.getTime(), timeZone).split('-').map(Number)
  let age = y - birth.year
  if (m < birth.month || (m === birth.month && d < birth.day)) age -= 1
  return age
}

/** A birth date is valid when it parses and the age on `now` (the calendar of `timeZone`) is not negative. */
export function isBirthDateValid(s: string, now: Date, timeZone: string): boolean {
  const b = parseBirthDate(s)
  return b !== null && ageOn(b, now, timeZone) >= 0
}

/** Age 65 or above shows the stay-home advice; it does not block. */
export function isAgeWarning(age: number): boolean {
  return age >= AGE_WARNING
}

/** The age warning for a birth date string, false when the date is not valid. */
export function birthDateWarns(s: string, now: Date, timeZone: string): boolean {
  const b = parseBirthDate(s)
  return b !== null && isAgeWarning(ageOn(b, now, timeZone))
}

// ── document number (needdocument = 1) ───────────────────────────────────────────────────
const ROMAN = '[IVXLCDMivxlcdm]+'
const CYR2 = '[А-Яа-яЁё]{2}'
/** Number patterns by document type id; any other type uses DOC_PATTERN_OTHER. */
export const DOC_PATTERNS: Readonly<Record<number, RegExp>> = {
  /** Passport: four digits plus six digits. */
  1: /^\d{4}\d{6}$/,
  /** Two Cyrillic letters plus seven digits. */
  3: new RegExp(`^${CYR2}\\d{7}$`),
  /** Birth certificate: roman numeral, hyphen, two Cyrillic letters, six digits. */
  4: new RegExp(`^${ROMAN}-${CYR2}\\d{6}$`),
  /** Roman numeral plus seven digits. */
  5: new RegExp(`^${ROMAN}\\d{7}$`),
}
/** Any other type: at least two letters, digits, underscores or hyphens. */
export const DOC_PATTERN_OTHER = /^[\p{L}\d_-]{2,}$/u

/** Removes spaces before checking (000 §5). */
export function normalizeDocNumber(s: string): string {
  return s.replace(/\s+/g, '')
}

export function isDocNumberValid(docTypeId: number, s: string): boolean {
  const n = normalizeDocNumber(s)
  if (n.length === 0 || n.length > DOC_NUMBER_MAX) return false
  return (DOC_PATTERNS[docTypeId] ?? DOC_PATTERN_OTHER).test(n)
}

// ── one visitor entry against its row ────────────────────────────────────────────────────
/** The need* flags of an order-data row that decide which fields are asked. */
export interface VisitorNeeds {
  needage: number
  needmiddlename: number
  needdocument: number
  needcountry: number
  needregion: number
}

/** One visitor entry (000 §3 "Visitor entry"), as the confirm payload's columns hold it. */
export interface VisitorEntry {
  surname: string
  name: string
  middleName: string
  age: string
  date: string
  docTypeId: number | null
  docNum: string
  countryId: number | null
  regionId: number | null
}

export interface VisitorContext {
  /** Today, for the birth-date age. */
  now: Date
  /** The venue's IANA time zone, whose calendar day "today" is (ageOn). */
  timeZone: string
  /** Known document type ids. */
  docTypeIds: ReadonlySet<number>
  /** Region ids per country id (a region is required only when the country has more than one). */
  regionsByCountry: ReadonlyMap<number, readonly number[]>
}

/**
 * Checks one visitor entry against its row's flags; the server runs it for every ticket of
 * /api/confirm-nominal. Empty list = valid.
 */
export function validateVisitor(v: VisitorEntry, need: VisitorNeeds, ctx: VisitorContext): FieldError[] {
  const errors: FieldError[] = []
  const surname = nameError(v.surname, isNominalSurnameValid, RuleError.NOMINAL_SURNAME_REQUIRED, RuleError.NOMINAL_SURNAME)
  if (surname !== null) errors.push({ field: 'surname', error: surname })
  const name = nameError(v.name, isNominalNameValid, RuleError.NOMINAL_NAME_REQUIRED, RuleError.NOMINAL_NAME)
  if (name !== null) errors.push({ field: 'name', error: name })
  // The middle name is checked when asked (needmiddlename = 1) or given.
  if (need.needmiddlename === 1 || v.middleName.trim() !== '') {
    const middle = nameError(v.middleName, isNominalMiddleNameValid, RuleError.NOMINAL_MIDDLE_NAME_REQUIRED, RuleError.NOMINAL_MIDDLE_NAME)
    if (middle !== null) errors.push({ field: 'middleName', error: middle })
  }
  if (need.needage === 1 && !isAgeValid(v.age)) errors.push({ field: 'age', error: RuleError.AGE })
  if (need.needage === 2 && !isBirthDateValid(v.date, ctx.now, ctx.timeZone)) errors.push({ field: 'date', error: RuleError.BIRTH_DATE })
  if (need.needdocument === 1) {
    const typeId = v.docTypeId !== null && ctx.docTypeIds.has(v.docTypeId) ? v.docTypeId : null
    if (typeId === null) errors.push({ field: 'docTypeId', error: RuleError.DOC_TYPE })
    // The number is required whatever the type: an empty one is named even before a type is
    // chosen, so a visitor who fills the form in any order is told both are missing; its pattern
    // can only be checked once the type is known.
    if (normalizeDocNumber(v.docNum) === '') errors.push({ field: 'docNum', error: RuleError.DOC_NUMBER_REQUIRED })
    else if (typeId !== null && !isDocNumberValid(typeId, v.docNum)) errors.push({ field: 'docNum', error: RuleError.DOC_NUMBER })
  }
  if (need.needcountry === 1 && (v.countryId === null || !ctx.regionsByCountry.has(v.countryId))) {
    errors.push({ field: 'countryId', error: RuleError.COUNTRY })
  }
  if (need.needregion === 1 && v.countryId !== null) {
    const regions = ctx.regionsByCountry.get(v.countryId) ?? []
    if (regions.length > 1 && (v.regionId === null || !regions.includes(v.regionId))) {
      errors.push({ field: 'regionId', error: RuleError.REGION })
    }
  }
  return errors
}

/** Consent checkboxes whose filling = 1 must be ticked (both §5). */
export function consentsPass(
  offered: readonly { id: number; filling: number }[],
  answers: readonly { id: number; checked: number }[],
): boolean {
  const ticked = new Set(answers.filter((a) => a.checked === 1).map((a) => a.id))
  return offered.every((c) => c.filling !== 1 || ticked.has(c.id))
}

/** The parallel columns of the /api/confirm-nominal payload. */
export interface VisitorColumns {
  id: number[]
  docTypeId: (number | null)[]
  name: string[]
  surname: string[]
  middleName: string[]
  docNum: string[]
  age: string[]
  date: string[]
  countryId: (number | null)[]
  regionId: (number | null)[]
}

/**
 * Zips the confirm payload's columns into one entry per ticket id; null when a column's length
 * differs from `id`'s (the payload is malformed and the server answers BAD_REQUEST).
 */
export function zipVisitorColumns(c: VisitorColumns): (VisitorEntry & { id: number })[] | null {
  const n = c.id.length
  const columns = [c.docTypeId, c.name, c.surname, c.middleName, c.docNum, c.age, c.date, c.countryId, c.regionId]
  if (columns.some((col) => col.length !== n)) return null
  return c.id.map((id, i) => ({
    id,
    surname: c.surname[i].trim(),
    name: c.name[i].trim(),
    middleName: c.middleName[i].trim(),
    age: c.age[i].trim(),
    date: c.date[i].trim(),
    docTypeId: c.docTypeId[i],
    docNum: normalizeDocNumber(c.docNum[i]),
    countryId: c.countryId[i],
    regionId: c.regionId[i],
  }))
}
