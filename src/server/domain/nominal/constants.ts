/**
 * Named tickets (000 §2 "Named tickets screen", §5 "Named-ticket form"). The spec names none of
 * these values; each is our choice.
 */

/** checkbox_lists.scope of the consent checkboxes shown on the named-ticket page. */
export const NOMINAL_CHECKBOX_SCOPE = 'nominal'

/**
 * Settings key of the consent text shown above the checkboxes: a JSON object {ru, en, kz, ch}
 * of html. A missing key or language answers '' (the page then shows only the checkboxes).
 */
export const NOMINAL_TEXT_SETTING = 'nominal_text'

/** Milliseconds per second: reserve_until is epoch ms, reservetime is seconds. */
export const MS_PER_SECOND = 1000
