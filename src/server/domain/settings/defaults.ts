import type { Setup } from '../../../contract/entities/setup'
import type { CurrencyCode } from '../../../contract/rules/moneyText'

/**
 * Setup values used when the settings table has no row for a key: the spec's defaults where it
 * names them (price_limit 100, columns 3), neutral values elsewhere. Rows in `settings` override
 * these key by key (objects such as `app` are merged one level deep).
 */
export type StoredSetup = Omit<Setup, 'crm_client' | 'date' | 'db' | 'app'> & {
  /** The currency as loadStoredSetup hands it out: one the shop writes amounts in (shopCurrency). */
  app: Omit<Setup['app'], 'currency'> & { currency: CurrencyCode }
  db: Omit<Setup['db'], 'languages' | 'rules'>
}

export const SETUP_DEFAULTS: StoredSetup = {
  app: {
    language: 'ru',
    currency: 'RUB',
    order_return: 1,
    logo: '',
    logo_mobile: '',
    logo_ru: '',
    logo_en: '',
    logo_kz: '',
    logo_ch: '',
    logo_width: 50,
    url_logo: '/',
    url_lk: '',
    header: 1,
    footer: 1,
    scroll_top: 1,
    header_background: '',
    footer_links: [],
    footer_text_ru: '',
    footer_text_en: '',
    footer_text_kz: '',
    footer_text_ch: '',
    footer_db_info: 0,
  },
  db: {
    info_client: '',
    info_client_ru: '',
    info_client_en: '',
    info_client_kz: '',
    info_client_ch: '',
    info_contact: '',
    info_contact_ru: '',
    info_contact_en: '',
    info_contact_kz: '',
    info_contact_ch: '',
    returntoafishabutton: 1,
    returntoafishaname: '',
    returntoafishaname_ru: '',
    returntoafishaname_en: '',
    returntoafishaname_kz: '',
    returntoafishaname_ch: '',
    topingbuttonname: '',
    topingbuttonname_ru: '',
    topingbuttonname_en: '',
    topingbuttonname_kz: '',
    topingbuttonname_ch: '',
    topingname: '',
    topingname_ru: '',
    topingname_en: '',
    topingname_kz: '',
    topingname_ch: '',
    showproculture: 0,
  },
  const: { price_limit: 100 },
  captcha: { enabled: false },
  recaptcha: { enabled: false, sitekey: '' },
  is_integration: 0,
  topmenu: 0,
  menu_first_notimes: 0,
  tickets_image: 1,
  subscription_image: 1,
  tickets_action: 0,
  subscription_action: 0,
  tickets_address: 0,
  subscription_address: 0,
  tickets_col: 3,
  subscription_col: 3,
  tickets_description: 0,
  subscription_description: 0,
  description_escaping_tags: '',
  title_ru: '',
  title_en: '',
  title_kz: '',
  title_ch: '',
}
