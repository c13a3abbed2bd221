/** Patterns of §5 of both documents, shared by forms and server. */

/**
 * The e-mail address pattern: local part of Latin letters, digits and . _ % + -, a domain of
 * labels, and a top-level domain of at least two letters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

/** A standing-place id: digits_digits_digits. */
export const STAND_ID_PATTERN = /^\d+_\d+_\d+$/

/** Gift-card names: Cyrillic letters, dash and spaces only. */
export const CYRILLIC_NAME_PATTERN = /^[А-Яа-яЁё -]+$/

/** Named-ticket names: Latin or Cyrillic letters, spaces and hyphen. */
export const NOMINAL_NAME_PATTERN = /^[A-Za-zА-Яа-яЁё -]+$/

export function isEmailFormat(s: string): boolean {
  return EMAIL_PATTERN.test(s)
}

export function isStandId(s: string): boolean {
  return STAND_ID_PATTERN.test(s)
}
