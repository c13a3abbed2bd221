import { afishaResponseSchema, type AfishaEvent, type AfishaResponse } from '../../../src/contract/entities/afisha'
import type { Setup } from '../../../src/contract/entities/setup'
import { sameInAll } from '../../../src/contract/lang'

/** A complete, schema-valid setup for app unit tests. */
export function setupFixture(overrides: Partial<Setup> = {}): Setup {
  return {
    app: {
      language: 'ru', currency: 'RUB', order_return: 1, logo: '/media/logo.png', logo_mobile: '',
      ...sameInAll('logo', ''), logo_width: 120, url_logo: '/', url_lk: '', header: 1, footer: 1,
      scroll_top: 1, header_background: '', footer_links: [], ...sameInAll('footer_text', ''), footer_db_info: 0,
    },
    db: {
      languages: 'ru,en', rules: [], info_client: '', info_contact: '', returntoafishabutton: 1,
      returntoafishaname: '', topingbuttonname: '', topingname: '', showproculture: 0,
    },
    const: { price_limit: 100 },
    captcha: { enabled: false },
    recaptcha: { enabled: false, sitekey: '' },
    is_integration: 0,
    crm_client: { data: null, subscriptions: [] },
    topmenu: 0, menu_first_notimes: 0, tickets_image: 1, subscription_image: 1,
    tickets_action: 0, subscription_action: 0, tickets_address: 0, subscription_address: 0,
    tickets_col: 3, subscription_col: 3, tickets_description: 0, subscription_description: 0,
    description_escaping_tags: '', date: '2026-11-21 12:00:00', ...sameInAll('title', 'Театр'),
    ...overrides,
  }
}

export function eventFixture(id: number, overrides: Partial<AfishaEvent> = {}): AfishaEvent {
  return {
    event_id: id, hash_id: `ev${id}`, menukind_id: 1, mainmenu_id: 10, submenu_id: null,
    action_ru: `Событие ${id}`, action_en: `Event ${id}`, action_kz: '', action_ch: '',
    ...sameInAll('descript', ''), ...sameInAll('descript_url', ''),
    image_url: '', image_id: null, age_from: 12, totalticketcount: 50, showticketcount: 1, showquant: 1,
    usepushkarta: 0, signlang: 0, seatroot_id: 1, eventsotrnum: id, tags: '', scheme: 0, subscription: 0,
    ...overrides,
  }
}

/** A listing with two kinds, three menu items and the given events; parsed by the contract. */
export function afishaFixture(events: AfishaEvent[], setup: Setup = setupFixture(), extra: Partial<AfishaResponse> = {}): AfishaResponse {
  return afishaResponseSchema.parse({
    setup,
    kind_menu: [
      { menukind_id: 2, menukindsortnum: 2, ...sameInAll('menukindname', 'Абонементы') },
      { menukind_id: 1, menukindsortnum: 1, ...sameInAll('menukindname', 'Билеты') },
    ],
    main_menu: [
      { mainmenu_id: 11, menukind_id: 1, mainmenusortnum: 2, showimage: 1, menucolumncount: 3, menurowcount: 0, showfiltercalendar: 0, showattribute: 1, ...sameInAll('mainmenu', 'Концерты') },
      { mainmenu_id: 10, menukind_id: 1, mainmenusortnum: 1, showimage: 1, menucolumncount: 3, menurowcount: 0, showfiltercalendar: 0, showattribute: 1, ...sameInAll('mainmenu', 'Спектакли') },
      { mainmenu_id: 20, menukind_id: 2, mainmenusortnum: 1, showimage: 1, menucolumncount: 3, menurowcount: 0, showfiltercalendar: 0, showattribute: 1, ...sameInAll('mainmenu', 'Сезон') },
    ],
    sub_menu: [],
    calendar: [],
    venues: [{ seatroot_id: 1, ...sameInAll('seatroot', 'Большая сцена'), ...sameInAll('address', 'Театральная пл., 1'), urlyandexmap: 'https://yandex.ru/maps/?text=1' }],
    action: events,
    list_tags: [],
    event_tags: [],
    images: [],
    composition: [],
    price_categories: [],
    ...extra,
  })
}
