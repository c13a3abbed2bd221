import { z } from 'zod'
import { localized, localizedMany } from '../lang'
import { flagSchema, idSchema } from './common'
import { crmClientSchema } from './crm'
import { SETUP_TEXT_KEYS } from '../rules/setupTexts'

/**
 * GET /api/setup answer: everything both documents list under setup.
 *
 * 000 §3: app.language, app.currency, app.order_return, is_integration, captcha.enabled,
 * recaptcha.enabled, crm_client, topmenu, menu_first_notimes, tickets_image, subscription_image,
 * tickets_action, subscription_action, tickets_address, subscription_address (text truncation
 * lengths), tickets_col, subscription_col, tickets_description, subscription_description,
 * description_escaping_tags, const.price_limit, db.showproculture.
 * 001 §3: app (logo paths, logo_width, url_logo, url_lk, header, footer, scroll_top,
 * header_background, footer links/texts, footer_db_info); db (languages, rules, info_client,
 * info_contact, returntoafishabutton, returntoafishaname, topingbuttonname, topingname);
 * crm_client; date; title per language.
 *
 * Our design where the spec names a group without its fields: logo paths are `logo`,
 * `logo_mobile` and per-language `logo_{lang}` ('' = use `logo`); footer links are
 * `footer_links: [{url, text_{lang}}]` and footer texts `footer_text_{lang}`; `recaptcha.sitekey`
 * is the public site key ('' when disabled); `date` is the server's current date-time
 * 'YYYY-MM-DD HH:MM:SS' (venue time zone), used as "now" for countdowns.
 */
export const setupAppSchema = z.object({
  language: z.string(),
  currency: z.string(),
  order_return: flagSchema,
  logo: z.string(),
  logo_mobile: z.string(),
  ...localized('logo'),
  logo_width: z.number().int().positive(),
  url_logo: z.string(),
  url_lk: z.string(),
  header: flagSchema,
  footer: flagSchema,
  scroll_top: flagSchema,
  header_background: z.string(),
  footer_links: z.array(z.object({ url: z.string(), ...localized('text') })),
  ...localized('footer_text'),
  footer_db_info: flagSchema,
})

/** A rules entry: a title, and either an external url or an html body, per language. */
export const setupRuleSchema = z.object({
  id: idSchema,
  ...localizedMany('infname', 'url', 'filebody'),
})
export type SetupRule = z.infer<typeof setupRuleSchema>

export const setupDbSchema = z.object({
  /** Comma list such as "ru,en": a language is offered only when listed here. */
  languages: z.string(),
  rules: z.array(setupRuleSchema),
  /**
   * The venue-written texts, each the spec's one text in the storefront's language
   * (app.language): the seller's details (the footer), the contacts page, the back link's label,
   * the special offers' button and title. rules/setupTexts.ts picks among them per page.
   */
  info_client: z.string(),
  info_contact: z.string(),
  returntoafishabutton: flagSchema,
  returntoafishaname: z.string(),
  topingbuttonname: z.string(),
  topingname: z.string(),
  /**
   * Our addition: each of those texts translated, {key}_{lang} ('' = none), e.g.
   * info_contact_ch. Optional so a spec-shaped answer still parses (absent = no translation).
   */
  ...z.object(localizedMany(...SETUP_TEXT_KEYS)).partial().shape,
  /** 1 = the gift (voucher) card option is offered. */
  showproculture: flagSchema,
})

export const setupSchema = z.object({
  app: setupAppSchema,
  db: setupDbSchema,
  const: z.object({ price_limit: z.number().int() }),
  captcha: z.object({ enabled: z.boolean() }),
  recaptcha: z.object({ enabled: z.boolean(), sitekey: z.string() }),
  is_integration: flagSchema,
  crm_client: crmClientSchema,
  /** 1 = show the top menu of kinds even when only one kind exists. */
  topmenu: flagSchema,
  menu_first_notimes: flagSchema,
  tickets_image: flagSchema,
  subscription_image: flagSchema,
  tickets_action: z.number().int().min(0),
  subscription_action: z.number().int().min(0),
  tickets_address: z.number().int().min(0),
  subscription_address: z.number().int().min(0),
  tickets_col: z.number().int().min(1),
  subscription_col: z.number().int().min(1),
  tickets_description: z.number().int().min(0),
  subscription_description: z.number().int().min(0),
  /** Comma list of html tags kept in descriptions; others are escaped. */
  description_escaping_tags: z.string(),
  date: z.string(),
  /**
   * Our addition: the venue's IANA time zone (VENUE_TIME_ZONE), whose wall clock `date`, sessions'
   * days and times and the return deadlines are written in; the browser counts a named ticket's
   * holder's age by its calendar (rules/nominal.ts ageOn). Always sent by this server; optional
   * so a spec-shaped answer still parses (absent = the default zone, Moscow's).
   */
  time_zone: z.string().optional(),
  ...localized('title'),
})
export type Setup = z.infer<typeof setupSchema>
