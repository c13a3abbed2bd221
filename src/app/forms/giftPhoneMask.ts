import { PHONE_DIGITS } from '../../contract/constants'

/**
 * The gift-card phone mask +7 (9__) ___-__-__ (000 §5): the "+7 (9" part is fixed, the buyer
 * types the remaining nine digits. Formatting is progressive (a separator appears only before
 * the digit that follows it), so deleting a separator never leaves the caret stuck behind it.
 */

/** Digits after the +7 prefix (at most 10, the first always 9), from whatever was typed or pasted. */
export function giftLocalDigits(raw: string): string {
  // Digits typed in front of the fixed '+7 (' (caret at the start) are added at the end.
  const prefixAt = raw.indexOf('+7 (')
  if (prefixAt > 0) raw = `${raw.slice(prefixAt)}${raw.slice(0, prefixAt)}`
  let d = raw.replace(/\D/g, '')
  const hadPrefix = raw.trimStart().startsWith('+7')
  // '+7…', or a full number pasted as 7XXXXXXXXXX / 8XXXXXXXXXX: the leading digit is the prefix.
  if ((hadPrefix && d.startsWith('7')) || (d.length >= PHONE_DIGITS && (d.startsWith('7') || d.startsWith('8')))) d = d.slice(1)
  if (d === '') return ''
  if (!d.startsWith('9')) d = `9${d}`
  return d.slice(0, PHONE_DIGITS - 1)
}

/** What the field shows for typed text: '9123' → '+7 (912) 3'; '' stays ''. */
export function applyGiftPhoneMask(raw: string): string {
  const d = giftLocalDigits(raw)
  if (d === '') return ''
  let out = `+7 (${d.slice(0, 3)}`
  if (d.length > 3) out += `) ${d.slice(3, 6)}`
  if (d.length > 6) out += `-${d.slice(6, 8)}`
  if (d.length > 8) out += `-${d.slice(8, 10)}`
  return out
}
