import { z } from 'zod'
import { idSchema, noNulText } from '../entities/common'
import { langSchema } from '../lang'
import { PROMO_MIN_LENGTH } from '../constants'
import { normalizePromo } from '../rules/discount'
import { CURRENCY_CODES, type CurrencyCode } from '../rules/moneyText'
import { daySchema, locInput, MAX_NAME, MAX_TEXT, timeSchema } from './catalogue'
import { ISSUE } from './issues'

/**
 * The console's selling extras (issue 17 item 2): subscription compositions, special offers
 * (services), promo codes, loyalty settings, agreement checkboxes and the shop's setup flags.
 * Every one is stored where the storefront already reads it (compositions, services,
 * promo_codes, checkbox_lists, settings), never in a table of the console's own.
 */

const flag = z.union([z.literal(0), z.literal(1)])
const id = idSchema
const sortnum = z.number().int().min(0).max(100_000).default(0)
/** Epoch milliseconds, or null for "no bound". */
const instant = z.number().int().min(0).nullable()
/** Largest single amount in minor units (10 million roubles). */
const MAX_MONEY = 1_000_000_000
/** Longest promo code (codes are typed by visitors). */
export const MAX_PROMO_LENGTH = 40

/** One line of a subscription's composition ("Состав абонемента" on the event page). */
export const compositionInputSchema = z.object({
  /** The event the line links to (null: a line with text only). */
  event_id: id.nullable().default(null),
  /** Where it happens (null: the subscription's own venue is not repeated). */
  venue_id: id.nullable().default(null),
  ...locInput('eventstr', { required: true }),
  /** Day and time shown on the line ('' = not shown). */
  eventstr_day: z.union([z.literal(''), daySchema]).default(''),
  eventstr_time: z.union([z.literal(''), timeSchema]).default(''),
  /** A link of its own; '' = the linked event's page. */
  url: z.union([z.literal(''), z.string().trim().regex(/^(\/|https?:\/\/)\S*$/, ISSUE.link).max(2000)]).default(''),
  sortnum,
})
export type CompositionInput = z.input<typeof compositionInputSchema>

/** A special offer (service) added to an order's tickets on the order page (001 "toping"). */
export const offerInputSchema = z.object({
  /** Offered with tickets of this event only; null = with every event. */
  event_id: id.nullable().default(null),
  ...locInput('name', { required: true }),
  ...locInput('descript', { max: MAX_TEXT }),
  /** Minor units (kopecks). */
  price: z.number().int().min(0).max(MAX_MONEY),
  /**
   * The package the offer belongs to (0 = a package of its own, its id): the shop sends it back
   * with each item it adds and the server checks it (offer-package). It groups offers only; it
   * does not make them alternatives (001 limits an offer by its own limit per order, nothing more).
   */
  package_id: z.number().int().min(0).max(1_000_000).default(0),
  /** How many one order may take. */
  limit_per_order: z.number().int().min(1).max(1000).default(1),
  active: flag.default(1),
  sortnum,
})
export type OfferInput = z.input<typeof offerInputSchema>

/**
 * A promo code: a whole percent or an amount off, once in total or many times (up to max_uses).
 * Codes are stored upper-cased, as visitors' codes are compared (contract/rules/discount.ts).
 */
export const promoCodeSchema = z
  .string()
  .transform(normalizePromo)
  .pipe(z.string().min(PROMO_MIN_LENGTH).max(MAX_PROMO_LENGTH).regex(/^[A-Z0-9А-ЯЁ_-]+$/, ISSUE.promoChars))
export const promoInputSchema = z
  .object({
    code: promoCodeSchema,
    discount_percent: z.number().int().min(0).max(100).default(0),
    /** Minor units off the order. */
    discount_amount: z.number().int().min(0).max(MAX_MONEY).default(0),
    /** 0 = one use in total; 1 = many uses, up to max_uses when set. */
    multi_use: flag.default(0),
    max_uses: z.number().int().min(1).max(10_000_000).nullable().default(null),
    valid_from: instant.default(null),
    valid_to: instant.default(null),
    active: flag.default(1),
  })
  .refine((p) => (p.discount_percent > 0) !== (p.discount_amount > 0), { message: ISSUE.percentOrAmount, path: ['discount_percent'] })
  .refine((p) => p.valid_from === null || p.valid_to === null || p.valid_from < p.valid_to, { message: ISSUE.startBeforeEnd, path: ['valid_to'] })
  .refine((p) => p.multi_use === 1 || p.max_uses === null, { message: ISSUE.singleUseNoMax, path: ['max_uses'] })
export type PromoInput = z.input<typeof promoInputSchema>

/** The loyalty programme: bonuses a paid order earns on its client's card. */
export const loyaltyInputSchema = z.object({
  /** Whole percent of the amount paid credited as bonuses (0 = the card earns nothing). */
  accrual_percent: z.number().int().min(0).max(100),
})
export type LoyaltyInput = z.infer<typeof loyaltyInputSchema>

/** A loyalty card blocked (it spends and earns nothing; what it applied to unpaid orders goes back to it) or unblocked. */
export const cardBlockInputSchema = z.object({ blocked: z.boolean() })
export type CardBlockInput = z.infer<typeof cardBlockInputSchema>

/** The longest loyalty card code the console looks up (the CRM's codes are short: CARD-0001). */
export const MAX_CARD_CODE = 100
/** GET /api/admin/loyalty/cards?code=: a card by its code (what an operator knows of it), trimmed. */
export const cardFindQuerySchema = z.object({ code: noNulText().trim().min(1).max(MAX_CARD_CODE), lang: langSchema.optional() })
/** A loyalty card as the console shows it before blocking or unblocking it. */
export const loyaltyCardSchema = z.object({
  id: idSchema,
  card_code: z.string(),
  /** Bonuses on the card (1 bonus = 1 unit of the shop's currency). */
  bonus_balance: z.number().int(),
  is_blocked: flag,
  /** The CRM client's name (last, first, middle); null when the card has no client. */
  client: z.string().nullable(),
  /** Unpaid orders whose bonuses this card applied: what a block gives back to it. */
  unpaid_orders: z.number().int().min(0),
})
export type LoyaltyCard = z.infer<typeof loyaltyCardSchema>

/** Forms that show agreement checkboxes. */
export const AGREEMENT_SCOPES = ['order', 'nominal', 'return'] as const
/** An agreement checkbox; `filling` 1 = it must be ticked to go on. */
export const agreementInputSchema = z.object({
  scope: z.enum(AGREEMENT_SCOPES),
  filling: flag.default(1),
  ...locInput('name', { required: true, max: MAX_TEXT }),
  sortnum,
})
export type AgreementInput = z.input<typeof agreementInputSchema>

/** A path on this site or an http(s) address, or '' (none). */
const link = z.union([z.literal(''), z.string().trim().regex(/^(\/|https?:\/\/)\S*$/, ISSUE.link).max(2000)])
/** A CSS colour the shell paints with ('' = the theme's). */
const colour = z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, ISSUE.colour)])
const text = (max = MAX_NAME) => z.string().trim().max(max)

/** The setup's version: counts the writes of its stored rows (settings app, db, title_*), from 0. */
const setupVersionSchema = z.number().int().min(0).max(2_147_483_647)

/** The shop's shell (001 "Setup (shell parts)"): logos, colours, header and footer, contacts. */
const setupShellSchema = z.object({
  app: z.object({
    logo: link,
    logo_mobile: link,
    logo_ru: link,
    logo_en: link,
    logo_kz: link,
    logo_ch: link,
    logo_width: z.number().int().min(10).max(600),
    url_logo: link,
    url_lk: link,
    header: flag,
    footer: flag,
    scroll_top: flag,
    header_background: colour,
    footer_links: z.array(z.object({ url: link.pipe(z.string().min(1)), text_ru: text().pipe(z.string().min(1)), text_en: text(), text_kz: text(), text_ch: text() })).max(20),
    footer_text_ru: text(MAX_TEXT),
    footer_text_en: text(MAX_TEXT),
    footer_text_kz: text(MAX_TEXT),
    footer_text_ch: text(MAX_TEXT),
    footer_db_info: flag,
    /** The currency the shop sells in (one of the spec's symbols); left out, the stored one stays. */
    currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]).optional(),
    /**
     * 1: visitors may return paid tickets online (000 §6: an order follows it unless it allows
     * returns of its own); left out, the stored one stays.
     */
    order_return: flag.optional(),
  }),
  db: z.object({
    /**
     * The venue-written texts, per language: {key}_{lang} (contract/rules/setupTexts.ts). Each
     * plain one, the spec's one text, is written from the storefront's language's; sent alone
     * (an older form), it is ignored. info_client: who sells (the footer, with footer_db_info).
     */
    info_client: text(MAX_TEXT).optional(),
    ...locInput('info_client', { max: MAX_TEXT }),
    /** How to reach the venue (the contacts page). */
    info_contact: text(MAX_TEXT).optional(),
    ...locInput('info_contact', { max: MAX_TEXT }),
    returntoafishabutton: flag,
    /** The back link's label (shown with returntoafishabutton = 1). */
    returntoafishaname: text().optional(),
    ...locInput('returntoafishaname'),
    /** The special offers' add button and the panel's title. */
    topingbuttonname: text().optional(),
    ...locInput('topingbuttonname'),
    topingname: text().optional(),
    ...locInput('topingname'),
    showproculture: flag,
  }),
  ...locInput('title'),
})
/** The shell as the console saves it. */
export const setupInputSchema = setupShellSchema.extend({
  /**
   * The setup's `version` the form was filled from (GET /api/admin/setup). The server refuses the
   * save (409 with `stale: true`, nothing saved) when another save or a logo upload came since, so
   * a stale form cannot put back the fields it loaded over another operator's. Left out (a console
   * page loaded before the setup had versions, still open or cached) it is refused the same way,
   * with its own words (reload the page): the form sends every field, so its save could be that
   * lost change. Optional here only so that it is answered as out of date, not as bad input; a
   * malformed one is bad input (400).
   */
  version: setupVersionSchema.optional(),
})
export type SetupInput = z.input<typeof setupInputSchema>
/** A saved setup: its version now, for the console's next save without a reload. */
export const setupSavedSchema = z.object({ ok: z.literal(true), version: setupVersionSchema })

const row = z.record(z.string(), z.unknown())
export const extrasResponseSchema = z.object({
  /** Events of the subscriptions kind, not archived (the composition form's choice). */
  subscriptions: z.array(row),
  compositions: z.array(row),
  offers: z.array(row),
  promos: z.array(row),
  agreements: z.array(row),
  loyalty: loyaltyInputSchema,
})
/** The stored shell, with the version a save sends back. */
export const setupResponseSchema = setupShellSchema.extend({ version: setupVersionSchema })

/**
 * Largest image accepted before resizing (a phone camera's JPEG is 3–8 MB), in the file's bytes:
 * the image uploads' one size rule (the console checks the file's size, the server the base64's
 * length); over it, the answer is 413 "too large" naming it, however it was sent.
 */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024
/** Base64 characters of a file of MAX_IMAGE_BYTES (4 for every 3 bytes, padded): the rule as the server sees it. */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4
/**
 * Bytes of an image upload's body beside the base64, which JSON writes as it is: the name
 * (MAX_NAME characters, 6 bytes each at worst escaped), the slot, keys and quotes.
 */
const IMAGE_ENVELOPE_BYTES = 4096
/** The image uploads' body limit (their routes' bodyLimit): the transport's bound, not the rule. */
export const IMAGE_BODY_LIMIT = MAX_IMAGE_BASE64_CHARS + IMAGE_ENVELOPE_BYTES
/** An event image upload: the file's bytes as base64 (the console's calls are JSON). */
export const imageUploadSchema = z.object({
  name: z.string().trim().min(1).max(MAX_NAME),
  /** Base64 of a JPEG, PNG, WebP or GIF file; anything else is refused by the server. Over MAX_IMAGE_BYTES: too large (413). */
  data: z.string().min(1).regex(/^[A-Za-z0-9+/]+=*$/, ISSUE.base64).refine((data) => data.length <= MAX_IMAGE_BASE64_CHARS, ISSUE.tooLarge),
})
/** The setup's logo fields an upload may fill (the shell's logo, phone logo, per-language logos). */
export const LOGO_SLOTS = ['logo', 'logo_mobile', 'logo_ru', 'logo_en', 'logo_kz', 'logo_ch'] as const
/** A shop logo upload: the file and which logo field its URL goes to. */
export const logoUploadSchema = imageUploadSchema.extend({ slot: z.enum(LOGO_SLOTS) })
export const imageUploadResponseSchema = z.object({ image_id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() })
/**
 * A shop logo's upload: the image, and the setup's version after it (one more than before: the
 * upload set a setup field). The console takes it for its form only when it is one more than the
 * form's own, i.e. no other save came between.
 */
export const logoUploadResponseSchema = imageUploadResponseSchema.extend({ version: setupVersionSchema })
