import { z } from 'zod'
import {
  EMAIL_MAX,
  EMAIL_MIN,
  FIO_MAX,
  FIO_MIN,
  GIFT_NAME_MAX,
  GIFT_PATRONYMIC_MAX,
  GIFT_SURNAME_MAX,
  PHONE_DIGITS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_EXCLUSIVE,
  PHONE_PREFIX,
} from '../constants'
import type { Buyer } from '../entities/buyer'
import { RuleError, type FieldError } from './errors'
import { CYRILLIC_NAME_PATTERN, EMAIL_PATTERN } from './patterns'
import { capitalizeName, cyrillicToLatinKeys, normalizeYo, squeezeSpaces, stripToLettersDashSpace } from './text'

/** Buyer form rules of §5 of both documents (event page, cart). */

// ── fio ──────────────────────────────────────────────────────────────────────────────────
/** Strips characters other than letters, dash and space, normalises ё, squeezes spaces. */
export function normalizeFio(s: string): string {
  return squeezeSpaces(stripToLettersDashSpace(normalizeYo(s)))
}
/**
 * What the fio field keeps while the visitor types (000 §5: "characters other than letters, dash
 * and space are removed"): the same stripping and ё as normalizeFio, but spaces stay where they
 * are (one at the end is the start of the next word); the full normalising runs on blur and send.
 */
export function fioAsTyped(s: string): string {
  return stripToLettersDashSpace(normalizeYo(s)).replace(/ {2,}/g, ' ').replace(/^ +/, '')
}
export function isFioValid(s: string): boolean {
  const n = normalizeFio(s)
  return n.length >= FIO_MIN && n.length <= FIO_MAX
}
/** fio: 2-70 characters after normalising; message errors.required-fio. */
export const fioSchema = z
  .string()
  .transform(normalizeFio)
  .pipe(z.string().min(FIO_MIN, RuleError.REQUIRED_FIO).max(FIO_MAX, RuleError.REQUIRED_FIO))

// ── general phone ────────────────────────────────────────────────────────────────────────
/** General phone: required, valid when longer than 5 characters, at most 20 (input limit). */
export function isPhoneValid(s: string): boolean {
  const t = s.trim()
  return t.length > PHONE_MIN_EXCLUSIVE && t.length <= PHONE_MAX_LENGTH
}
export const phoneSchema = z
  .string()
  .trim()
  .min(PHONE_MIN_EXCLUSIVE + 1, RuleError.WRONG_PHONE)
  .max(PHONE_MAX_LENGTH, RuleError.WRONG_PHONE)

// ── e-mail ───────────────────────────────────────────────────────────────────────────────
/** What the e-mail field keeps of typed text: Russian keys become Latin ones, spaces go. */
export function normalizeEmailInput(s: string): string {
  return cyrillicToLatinKeys(s).replace(/\s+/g, '')
}
export function isEmailValid(s: string): boolean {
  const t = s.trim()
  return t.length >= EMAIL_MIN && t.length <= EMAIL_MAX && EMAIL_PATTERN.test(t)
}
export const emailSchema = z
  .string()
  .trim()
  .min(1, RuleError.REQUIRED_EMAIL)
  .min(EMAIL_MIN, RuleError.NOT_VALID_EMAIL)
  .max(EMAIL_MAX, RuleError.NOT_VALID_EMAIL)
  .regex(EMAIL_PATTERN, RuleError.NOT_VALID_EMAIL)

/** Repeat e-mail (when mailconfirm = 1): must equal the e-mail (both trimmed). */
export function emailsMatch(email: string, reEmail: string): boolean {
  return email.trim() === reEmail.trim()
}

// ── gift (voucher) card ──────────────────────────────────────────────────────────────────
/** A gift-card name part: Cyrillic letters, dash and spaces, capitalised. */
export function normalizeGiftName(s: string): string {
  return capitalizeName(squeezeSpaces(s))
}
function giftPartValid(s: string, max: number): boolean {
  const t = squeezeSpaces(s)
  return t.length >= 1 && t.length <= max && CYRILLIC_NAME_PATTERN.test(t)
}
export const isGiftSurnameValid = (s: string): boolean => giftPartValid(s, GIFT_SURNAME_MAX)
export const isGiftNameValid = (s: string): boolean => giftPartValid(s, GIFT_NAME_MAX)
/** Patronymic: empty is valid (the 'Нет отчества' box), otherwise as a name part of ≤ 50. */
export const isGiftPatronymicValid = (s: string): boolean => squeezeSpaces(s) === '' || giftPartValid(s, GIFT_PATRONYMIC_MAX)

const giftPart = (max: number, key: string) =>
  z.string().transform(squeezeSpaces).pipe(z.string().min(1, key).max(max, key).regex(CYRILLIC_NAME_PATTERN, key)).transform(capitalizeName)
export const giftSurnameSchema = giftPart(GIFT_SURNAME_MAX, RuleError.GIFT_SURNAME)
export const giftNameSchema = giftPart(GIFT_NAME_MAX, RuleError.GIFT_NAME)
export const giftPatronymicSchema = z.union([z.literal(''), giftPart(GIFT_PATRONYMIC_MAX, RuleError.GIFT_PATRONYMIC)])

/** Digits of a phone: '+7 (912) 345-67-89' → '79123456789'. */
export function phoneDigits(s: string): string {
  return s.replace(/\D/g, '')
}
/** The first digit after +7 that the mask +7 (9__) ___-__-__ shows: a mobile number. */
const GIFT_PHONE_FIRST_LOCAL_DIGIT = '9'

/** Gift-card phone: +7 prefix and exactly 11 digits, a mobile one (+7 9…), as the mask shows. */
export function isGiftPhoneValid(s: string): boolean {
  const t = s.trim()
  const digits = phoneDigits(t)
  return t.startsWith(PHONE_PREFIX) && digits.length === PHONE_DIGITS && digits[1] === GIFT_PHONE_FIRST_LOCAL_DIGIT && /^[+\d\s()-]+$/.test(t)
}
/** Formats 11 digits as the mask shows them: '79123456789' → '+7 (912) 345-67-89'. */
export function formatGiftPhone(s: string): string {
  const d = phoneDigits(s)
  if (d.length !== PHONE_DIGITS) return s
  return `+${d[0]} (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`
}

// ── the whole buyer ──────────────────────────────────────────────────────────────────────
export interface BuyerRuleOptions {
  /** The gift card is chosen: surname/name/patronymic and the +7 phone instead of fio. */
  giftCard: boolean
  /** The event has mailconfirm = 1: re_email must be sent and equal email. */
  mailconfirm: boolean
  /**
   * An empty e-mail passes (a malformed one still does not): the box office's walk-in buyer who
   * has none. The storefront never sets it: its tickets and order link go to that address (000 §5).
   */
  emailOptional?: boolean
}

/**
 * Checks buyer data as sent with an order; the server runs this with the event's flags and
 * answers BAD_REQUEST with the first error. Empty list = valid.
 */
export function validateBuyer(b: Buyer, opts: BuyerRuleOptions): FieldError[] {
  const errors: FieldError[] = []
  if (opts.giftCard) {
    if (!isGiftSurnameValid(b.surname ?? '')) errors.push({ field: 'surname', error: RuleError.GIFT_SURNAME })
    if (!isGiftNameValid(b.name ?? '')) errors.push({ field: 'name', error: RuleError.GIFT_NAME })
    if (!isGiftPatronymicValid(b.patronymic ?? '')) errors.push({ field: 'patronymic', error: RuleError.GIFT_PATRONYMIC })
    if (!isGiftPhoneValid(b.phone)) errors.push({ field: 'phone', error: RuleError.GIFT_PHONE })
  } else {
    if (!isFioValid(b.fio ?? '')) errors.push({ field: 'fio', error: RuleError.REQUIRED_FIO })
    if (!isPhoneValid(b.phone)) errors.push({ field: 'phone', error: RuleError.WRONG_PHONE })
  }
  if (b.email.trim() === '') {
    if (!opts.emailOptional) errors.push({ field: 'email', error: RuleError.REQUIRED_EMAIL })
  } else if (!isEmailValid(b.email)) errors.push({ field: 'email', error: RuleError.NOT_VALID_EMAIL })
  if (opts.mailconfirm && !emailsMatch(b.email, b.re_email ?? '')) errors.push({ field: 're_email', error: RuleError.RE_EMAIL })
  return errors
}
