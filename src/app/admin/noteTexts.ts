import type { Lang } from '../../contract/lang'

/**
 * The console's notes for states an operator meets on a fresh or changing shop (ru, en, kz,
 * ch): a cancelled session (Sales, door), the event editor before the catalogue has what an
 * event needs, the subscriptions section chosen for an event, an address the console does
 * not have, and the event editor and shop setup after a save another save overtook.
 */
const ru = {
  /** A session cancelled from the console (calendars.cancelled_at). */
  cancelled: 'Сеанс отменён',
  cancelledSales: 'Сеанс отменён: места не продаются, схема не показывается; возвращённые билеты не входят в проданные.',
  cancelledDoor: 'Сеанс отменён: вход по его билетам не открыт.',
  /** The event editor when a list it needs is empty: what to create first, and where. */
  emptyBefore: 'Сначала создайте:',
  emptyKinds: 'раздел',
  emptyMenus: 'пункт меню этого раздела',
  emptyVenues: 'адрес площадки',
  emptyWhere: 'в справочниках',
  notFound: 'Такой страницы в консоли нет',
  notFoundText: 'Адрес набран с ошибкой или страница перенесена.',
  notFoundBack: 'К списку событий',
  /** The event editor when the chosen section is the subscriptions one (contract/constants.ts KIND_SUBSCRIPTIONS), whatever it is called. */
  subscriptionKind: 'События этого раздела продаются как абонементы: витрина показывает их состав и цены абонемента.',
  /** The event editor after its save was refused because another save came first (admin-event-changed). */
  reloadEvent: 'Загрузить сохранённое событие (ваши несохранённые правки пропадут)',
  /** The shop setup after its save was refused because another save or a logo upload came first (admin-setup-changed). */
  reloadSetup: 'Загрузить сохранённое оформление (ваши несохранённые правки пропадут)',
}
type NoteTexts = typeof ru

const en: NoteTexts = {
  cancelled: 'Session cancelled',
  cancelledSales: 'Session cancelled: its places are not for sale and its map is not shown; refunded tickets are not counted as sold.',
  cancelledDoor: 'Session cancelled: its tickets do not admit anyone.',
  emptyBefore: 'Create first:',
  emptyKinds: 'a section',
  emptyMenus: "a menu item of this section",
  emptyVenues: 'a venue address',
  emptyWhere: 'in the catalogue',
  notFound: 'The console has no such page',
  notFoundText: 'The address is mistyped or the page has moved.',
  notFoundBack: 'To the event list',
  subscriptionKind: 'Events of this section are sold as subscriptions: the shop shows their contents and subscription prices.',
  reloadEvent: 'Load the saved event (your unsaved edits will be lost)',
  reloadSetup: 'Load the saved shop appearance (your unsaved edits will be lost)',
}

const kz: NoteTexts = {
  cancelled: 'Сеанс тоқтатылды',
  cancelledSales: 'Сеанс тоқтатылды: орындар сатылмайды, сызба көрсетілмейді; қайтарылған билеттер сатылғандарға кірмейді.',
  cancelledDoor: 'Сеанс тоқтатылды: оның билеттерімен кіруге болмайды.',
  emptyBefore: 'Алдымен жасаңыз:',
  emptyKinds: 'бөлім',
  emptyMenus: 'осы бөлімнің мәзір тармағы',
  emptyVenues: 'алаң мекенжайы',
  emptyWhere: 'анықтамалықтарда',
  notFound: 'Консольде мұндай бет жоқ',
  notFoundText: 'Мекенжай қате терілген немесе бет көшірілген.',
  notFoundBack: 'Оқиғалар тізіміне',
  subscriptionKind: 'Бұл бөлімнің іс-шаралары абонемент ретінде сатылады: дүкен олардың құрамы мен абонемент бағаларын көрсетеді.',
  reloadEvent: 'Сақталған іс-шараны жүктеу (сақталмаған түзетулеріңіз жоғалады)',
  reloadSetup: 'Сақталған безендіруді жүктеу (сақталмаған түзетулеріңіз жоғалады)',
}

const ch: NoteTexts = {
  cancelled: '場次已取消',
  cancelledSales: '場次已取消：座位不再販售，不顯示座位圖；已退票的票券不計入已售。',
  cancelledDoor: '場次已取消：其票券不得入場。',
  emptyBefore: '請先建立：',
  emptyKinds: '類別',
  emptyMenus: '此類別的選單項目',
  emptyVenues: '場館地址',
  emptyWhere: '於目錄中',
  notFound: '主控台沒有此頁面',
  notFoundText: '網址有誤，或頁面已移動。',
  notFoundBack: '返回活動列表',
  subscriptionKind: '此類別的活動以套票形式販售：商店會顯示其內容與套票價格。',
  reloadEvent: '載入已儲存的活動（您未儲存的修改將會遺失）',
  reloadSetup: '載入已儲存的商店外觀（您未儲存的修改將會遺失）',
}

export const NOTE_TEXTS: Record<Lang, NoteTexts> = { ru, en, kz, ch }
