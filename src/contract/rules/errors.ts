/**
 * Error keys the rules report, for the app's translation files. The spec names
 * errors.required-fio, not-valid-email, re-email and errors.required-all; the other keys follow
 * the spec's list of locale form errors (required full name, wrong phone format, required
 * email, invalid email, emails do not match, Russian letters for the gift card, named-ticket
 * fields).
 */
export const RuleError = {
  REQUIRED_ALL: 'errors.required-all',
  REQUIRED_FIO: 'errors.required-fio',
  WRONG_PHONE: 'errors.wrong-phone',
  REQUIRED_EMAIL: 'errors.required-email',
  NOT_VALID_EMAIL: 'errors.not-valid-email',
  RE_EMAIL: 'errors.re-email',
  GIFT_SURNAME: 'errors.gift-surname',
  GIFT_NAME: 'errors.gift-name',
  GIFT_PATRONYMIC: 'errors.gift-patronymic',
  GIFT_PHONE: 'errors.gift-phone',
  NOMINAL_SURNAME: 'errors.nominal-surname',
  NOMINAL_SURNAME_REQUIRED: 'errors.nominal-surname-required',
  NOMINAL_NAME: 'errors.nominal-name',
  NOMINAL_NAME_REQUIRED: 'errors.nominal-name-required',
  NOMINAL_MIDDLE_NAME: 'errors.nominal-middle-name',
  NOMINAL_MIDDLE_NAME_REQUIRED: 'errors.nominal-middle-name-required',
  AGE: 'errors.age',
  BIRTH_DATE: 'errors.birth-date',
  DOC_TYPE: 'errors.doc-type',
  DOC_NUMBER: 'errors.doc-number',
  DOC_NUMBER_REQUIRED: 'errors.doc-number-required',
  COUNTRY: 'errors.country',
  REGION: 'errors.region',
  CONSENT: 'errors.consent',
  PROMO: 'errors.promo',
  BONUSES: 'errors.bonuses',
} as const
export type RuleErrorKey = (typeof RuleError)[keyof typeof RuleError]

/** A field that failed, with the key of its message. */
export interface FieldError {
  field: string
  error: RuleErrorKey
}
