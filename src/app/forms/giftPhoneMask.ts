import { PHONE_DIGITS } from '../../contract/constants'

/**
 * The gift-card phone mask +7 (9__) ___-__-__ (000 §5). The field always shows '+7 (' followed
 * by the ten local digits as typed; people type the number in many ways (+7…, 8…, 7…, with
 * spaces and brackets, or paste it whole), and every one of them must end as the same 11 digits.
 * Nothing is invented: a digit the visitor did not type is never added (a number not starting
 * with 9 stays as typed and the rule refuses it with the example). Formatting is progressive (a
 * separator appears only before the digit that follows it), so deleting a separator never leaves
 * the caret stuck behind it.
 */

/** What the field shows in front of the local digits. */
export const GIFT_PHONE_PREFIX = '+7 ('
/** Local digits after the +7 country code. */
const LOCAL_DIGITS = PHONE_DIGITS - 1
/** Russian mobile numbers start with 9, so a leading 7 or 8 typed before them is the country or trunk prefix. */
const PREFIX_DIGITS = /^[78]/

/** Digits after the +7 prefix (at most 10) from the field's new text. */
export function giftLocalDigits(raw: string): string {
  return parse(raw).local
}

function parse(raw: string): { local: string; prefixOnly: boolean } {
  // Digits typed in front of the fixed '+7 (' (caret at the start) are added at the end.
  const prefixAt = raw.indexOf(GIFT_PHONE_PREFIX)
  if (prefixAt > 0) raw = `${raw.slice(prefixAt)}${raw.slice(0, prefixAt)}`
  let d: string
  if (raw.startsWith(GIFT_PHONE_PREFIX)) {
    // The field's own text: everything after '+7 (' is local, unless a whole number (with its
    // own 7 or 8) was pasted behind the prefix.
    d = raw.slice(GIFT_PHONE_PREFIX.length).replace(/\D/g, '')
    if (d.length > LOCAL_DIGITS && PREFIX_DIGITS.test(d)) d = d.slice(1)
    return { local: d.slice(0, LOCAL_DIGITS), prefixOnly: false }
  }
  // Typed or pasted into an empty field: '+7…', '8…', '7…' carry the prefix.
  d = raw.replace(/\D/g, '')
  const plus = raw.trimStart().startsWith('+')
  let prefixed = false
  if ((plus && d.startsWith('7')) || (!plus && PREFIX_DIGITS.test(d))) {
    d = d.slice(1)
    prefixed = true
  }
  return { local: d.slice(0, LOCAL_DIGITS), prefixOnly: prefixed && d === '' }
}

/**
 * What the field shows for its new text, given what it showed before: '8' → '+7 (',
 * '89161234567' → '+7 (916) 123-45-67'. Deleting back into the prefix empties the field.
 */
export function applyGiftPhoneMask(raw: string, previous = ''): string {
  if (raw.trim() === '+') return '+'
  const { local, prefixOnly } = parse(raw)
  if (local === '') {
    const deleting = raw.length < previous.length
    const keepsPrefix = prefixOnly || (raw.startsWith(GIFT_PHONE_PREFIX) && raw.length > GIFT_PHONE_PREFIX.length)
    return !deleting && keepsPrefix ? GIFT_PHONE_PREFIX : ''
  }
  let out = `${GIFT_PHONE_PREFIX}${local.slice(0, 3)}`
  if (local.length > 3) out += `) ${local.slice(3, 6)}`
  if (local.length > 6) out += `-${local.slice(6, 8)}`
  if (local.length > 8) out += `-${local.slice(8, 10)}`
  return out
}
