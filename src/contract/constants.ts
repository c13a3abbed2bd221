/**
 * Business constants and limits of §9 of both spec documents (000: listing, event page, named
 * tickets; 001: seat map, orders, payment, returns), with the spec's values. Values the spec
 * marks "not shown" are not invented here, except the two defaults of ours at the end. The seat
 * map's (001 §9) live in the engine, which imports no contract (eslint.config.js): see "Seat map".
 */

// ── Languages and money ───────────────────────────────────────────────────────────────────
/** Default currency code (000 §9). */
export const DEFAULT_CURRENCY = 'RUB'
/** Currency symbols (001 §9). */
export const CURRENCY_SYMBOLS = { USD: '$', RUB: '₽', KZT: 'T', CNY: '¥' } as const
/** Amounts are shown with 2 decimals (001 §9). */
export const AMOUNT_DECIMALS = 2
/** Application version shown by the shell (001 §9). */
export const APP_VERSION = '2.30.0'

// ── Order status (demandstatusid) and kinds ───────────────────────────────────────────────
/** Order confirmed (000 §4). */
export const ORDER_STATUS_CONFIRMED = 20
/** Order cancelled (000 §4). */
export const ORDER_STATUS_CANCELLED = 90
/** Kind id of tickets in the top menu (000 §9). */
export const KIND_TICKETS = 1
/** Kind id of subscriptions (000 §9). */
export const KIND_SUBSCRIPTIONS = 2
/** Kind id of concerts (000 §9). */
export const KIND_CONCERTS = 3
/** totalticketcount value meaning "soon on sale" (000 §3). */
export const SALE_SOON = -99999

// ── Ticket return statuses (001 §4) ───────────────────────────────────────────────────────
/** Ticket can be returned (checkbox shown). */
export const RETURN_STATUS_RETURNABLE = 0
/** Return requested, not confirmed yet. */
export const RETURN_STATUS_NOT_CONFIRMED = 60
/** Return confirmed. */
export const RETURN_STATUS_CONFIRMED = 70
/** Return confirmed (second confirmed state). */
export const RETURN_STATUS_CONFIRMED_FINAL = 80

// ── Card-scheme verification codes (001 §4) and ticket types (001 §3) ─────────────────────
/** Card-scheme verification succeeded. */
export const CARD_SCHEME_SUCCESS = 0
/** Card-scheme verification pending: poll every CARD_SCHEME_POLL_MS. */
export const CARD_SCHEME_PENDING = 3
/** Card-scheme verification failed. */
export const CARD_SCHEME_FAILURE = 4
/** tickettype 1: the ticket code is a QR code. */
export const TICKET_TYPE_QR = 1
/** tickettype 2: the ticket has no code (QR/barcode button hidden). */
export const TICKET_TYPE_NO_CODE = 2
/** Price row currency_id 1: the amount is money. */
export const PRICE_CURRENCY_MONEY = 1
/** Price row currency_id 2: the amount is a percentage. */
export const PRICE_CURRENCY_PERCENT = 2
/** useproculture 0: the price is for everyone. */
export const PROCULTURE_ALL = 0
/** useproculture 1: the price is for the gift card only. */
export const PROCULTURE_ONLY = 1
/** useproculture 2: the price is for non-gift-card payment only. */
export const PROCULTURE_NONE = 2
/** The gift (voucher) card limits an order to 1 ticket (000 §9, 001 §9). */
export const GIFT_CARD_TICKET_LIMIT = 1

// ── Listing (000 §9) ──────────────────────────────────────────────────────────────────────
/** Afisha columns by default. */
export const AFISHA_COLUMNS = 3
/** Events per page. */
export const EVENTS_PER_PAGE = 100
/** Event image width in px. */
export const EVENT_IMAGE_WIDTH = 350
/** Tags shown at most on desktop. */
export const TAGS_MAX_DESKTOP = 20
/** Tags shown at most on mobile. */
export const TAGS_MAX_MOBILE = 6
/** Categories shown by default in the listing. */
export const LISTING_CATEGORIES = 5
/** Time chips show the remaining count only below this (setup const.price_limit default). */
export const PRICE_LIMIT = 100
/** Composition lines shown before "more". */
export const COMPOSITION_LINES = 3
/** Delay before the next page is revealed, ms. */
export const PAGINATION_DELAY_MS = 100
/** Tooltip show delay, ms. */
export const TOOLTIP_SHOW_DELAY_MS = 1000
/** Tooltip hide delay, ms. */
export const TOOLTIP_HIDE_DELAY_MS = 400

// ── Dates and ages (000 §9) ───────────────────────────────────────────────────────────────
/** Earliest accepted birth year. */
export const DATE_YEAR_MIN = 1900
/** Latest accepted birth year. */
export const DATE_YEAR_MAX = 2051
/** Age at or above which the named-ticket form shows a warning. */
export const AGE_WARNING = 65
/**
 * The zone the spec shows return deadlines in (001 §9), Moscow's offset: the return page's label
 * when a server sends no returnzone (this one sends the venue's offset, VENUE_TIME_ZONE).
 */
export const RETURN_TIMEZONE = 'GMT+03:00'
/** First weekday of the calendar per language: 1 Monday (ru), 0 Sunday (en). */
export const WEEK_START = { ru: 1, en: 0, kz: 1, ch: 0 } as const

// ── Calendar slider (both §9) ─────────────────────────────────────────────────────────────
/** Dates per view by default. */
export const CALENDAR_SLIDES_DEFAULT = 7
/** Dates per view from a viewport width (px, and up): checked from widest to narrowest. */
export const CALENDAR_SLIDES_BREAKPOINTS = [
  { minWidth: 768, slides: 4 },
  { minWidth: 680, slides: 3 },
  { minWidth: 480, slides: 2 },
  { minWidth: 320, slides: 1 },
] as const
/**
 * Gap between dates, px: the spec's range. The date strip keeps one gap inside it, 4 px
 * (.date-strip__list in src/app/kernel/event.css); nothing reads these two.
 */
export const CALENDAR_GAP_MIN_PX = 2
export const CALENDAR_GAP_MAX_PX = 5

// ── Phone and captcha (both §9) ───────────────────────────────────────────────────────────
/** Default phone country. */
export const PHONE_DEFAULT_COUNTRY = 'ru'
/** Phone prefix for the gift card. */
export const PHONE_PREFIX = '+7'
/** Digits of a gift-card phone, prefix included. */
export const PHONE_DIGITS = 11
/** General phone is valid when longer than this many characters. */
export const PHONE_MIN_EXCLUSIVE = 5
/** General phone input maximum length. */
export const PHONE_MAX_LENGTH = 20
/** Gift-card phone mask. */
export const PHONE_MASK = '+7 (9__) ___-__-__'
/** Captcha code maximum characters. */
export const CAPTCHA_MAX_LENGTH = 8

// ── Seat map (001 §9) ─────────────────────────────────────────────────────────────────────
// The engine is the one home of these (paths under src/engine): it uses them and imports no
// contract, and the app reads them from it.
// - zoom min 1, max 24: MIN_ZOOM, MAX_ZOOM (camera/Camera.ts);
// - button factor 2 in, 0.5 out: ZOOM_BUTTON_FACTOR (camera/Camera.ts), out divides by it;
// - detail threshold 500 %: DEFAULT_DETAIL_THRESHOLD_PERCENT (lod/lod.ts); "max zoom 2000" caps
//   the threshold map metadata may set, MAX_DETAIL_THRESHOLD_PERCENT (lod/lod.ts);
// - stroke width 0.35 times the attribute: DECORATION_STROKE_FACTOR (render/DecorationLayer.ts);
// - popover about 250 x 150 px: POPOVER_WIDTH, POPOVER_HEIGHT (interaction/popover.ts);
// - wheel debounce 200 ms: WHEEL_DEBOUNCE_MS (input/WheelHandler.ts);
// - map init delay 200 ms: MAP_INIT_DELAY_MS (SeatMapEngine.ts).

// ── Order view, payment, returns (001 §9) ─────────────────────────────────────────────────
/** QR payment status polling period, ms. */
export const QR_POLL_MS = 10_000
/** Card-scheme pending polling period, ms. */
export const CARD_SCHEME_POLL_MS = 20_000
/** The e-mailed refund confirmation link stays valid this long, hours. */
export const REFUND_LINK_HOURS = 24
/** Promo code minimum characters. */
export const PROMO_MIN_LENGTH = 3
/** hash_conf must be longer than 5 characters: minimum length 6. */
export const HASH_CONF_MIN_LENGTH = 6
/** Special-offers side panel width, px. */
export const SPECIAL_OFFERS_PANEL_WIDTH = 480
/** Scroll-to-top button appears after this many px. */
export const SCROLL_TOP_AFTER_PX = 400
/** Footer logo default width, px. */
export const FOOTER_LOGO_WIDTH = 50
/** QR code image size, px. */
export const QR_IMAGE_WIDTH = 180
export const QR_IMAGE_HEIGHT = 180
/** Barcode image size, px. */
export const BARCODE_IMAGE_WIDTH = 240
export const BARCODE_IMAGE_HEIGHT = 102

// ── Named-ticket and buyer field lengths (both §5) ────────────────────────────────────────
export const FIO_MIN = 2
export const FIO_MAX = 70
export const EMAIL_MIN = 6
export const EMAIL_MAX = 70
export const GIFT_SURNAME_MAX = 70
export const GIFT_NAME_MAX = 50
export const GIFT_PATRONYMIC_MAX = 50
export const NOMINAL_SURNAME_MIN = 2
export const NOMINAL_SURNAME_MAX = 32
export const NOMINAL_NAME_MIN = 3
export const NOMINAL_NAME_MAX = 64
export const NOMINAL_MIDDLE_NAME_MIN = 3
export const NOMINAL_MIDDLE_NAME_MAX = 64
export const DOC_NUMBER_MAX = 32

// ── Defaults of ours (the spec does not show these values) ────────────────────────────────
/** Reserve time of a new unpaid order, seconds: our default, the spec shows none. */
export const ORDER_RESERVE_SECONDS = 900
/** Listing columns are kept within these bounds (000 §9 references min and max, values not shown). */
export const AFISHA_COLUMNS_MIN = 1
export const AFISHA_COLUMNS_MAX = 6
/** How long seats stay held in a cart, seconds: our default, the spec shows none. */
export const CART_HOLD_SECONDS = 600
