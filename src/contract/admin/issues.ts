/**
 * The console contract's own checks (refinements and patterns that zod cannot word) carry one
 * of these keys as their message instead of an English sentence: the console says each in the
 * operator's language (app/admin/issueTexts.ts), and the server's refusals name only the fields.
 */
export const ISSUE = {
  /** A promo code takes a percent or an amount off, not both and not neither. */
  percentOrAmount: 'percent-or-amount',
  /** A period's start (valid_from, sale_from) comes before its end. */
  startBeforeEnd: 'start-before-end',
  /** A single-use promo code has no limit of uses. */
  singleUseNoMax: 'single-use-no-max',
  /** Promo codes: letters, digits, _ and -. */
  promoChars: 'promo-chars',
  /** A link: a path from / or an http(s) address. */
  link: 'link',
  /** A colour as #rrggbb. */
  colour: 'colour',
  /** An uploaded file's bytes as base64 text. */
  base64: 'base64',
  /** A calendar day as YYYY-MM-DD. */
  day: 'day',
  /** A time of day as HH:MM. */
  time: 'time',
  /** An event's sub-menu pick names a menu item the event is not in. */
  subMenuOutside: 'sub-menu-outside',
  /** An event's menu item has two sub-menu picks. */
  subMenuTwice: 'sub-menu-twice',
  /**
   * An upload over its size rule (a drawing over MAX_DRAWING_BYTES in UTF-8, an image over
   * MAX_IMAGE_BYTES): the server answers it 413 "too large" naming the call's limit
   * (plugins/error-handler.ts), not "invalid fields".
   */
  tooLarge: 'too-large',
} as const
export type IssueKey = (typeof ISSUE)[keyof typeof ISSUE]

const KEYS = new Set<string>(Object.values(ISSUE))
export const isIssueKey = (message: string): message is IssueKey => KEYS.has(message)
