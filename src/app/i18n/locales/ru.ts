/**
 * Russian shell texts: the source of the key set; the other languages must have the same keys
 * (checked by the `Messages` type). Plurals use i18next's suffixes: Russian needs _one, _few,
 * _many (and _other for fractions).
 */
const ru = {
  /** Separators the storefront puts between the parts it composes (i18n/punctuation.ts). */
  punct: {
    colon: ': ',
    comma: ', ',
  },
  meta: {
    appName: 'Билеты',
  },
  titles: {
    default: 'Продажа билетов',
    loading: 'Загрузка…',
    afisha: 'Купить билет',
    events: 'Выбор мероприятия',
    scheme: 'Схема зала',
    bookingOrder: 'Бронирование заказа',
    viewOrder: 'Просмотр заказа',
    returnOrder: 'Возврат заказа',
    orderCancelled: 'Заказ отменён',
    orderConfirmation: 'Подтверждение заказа',
    ticket: 'Билет',
    contacts: 'Контакты',
    purchaseTerms: 'Правила покупки',
    privacyPolicy: 'Политика конфиденциальности',
    notFound: 'Страница не найдена',
  },
  shell: {
    skipToContent: 'Перейти к содержимому',
    home: 'На главную',
    logo: 'Логотип, на главную',
    language: 'Язык',
    rules: 'Правила',
    account: 'Личный кабинет',
    backToTickets: 'Вернуться к выбору билетов',
    returnToOrder: 'Вернуться к заказу №{{num}}',
    returnToOrderPlain: 'Вернуться к заказу',
    scrollTop: 'Наверх',
    mainNav: 'Основная навигация',
    footer: 'Подвал сайта',
    contacts: 'Контакты',
    version: 'Версия {{version}}',
    loadFailed: 'Не удалось загрузить данные. Проверьте соединение и попробуйте ещё раз.',
    retry: 'Повторить',
    loading: 'Загрузка…',
  },
  modal: {
    'header-info': 'Информация',
    'header-warning': 'Предупреждение',
    'header-error': 'Ошибка',
    ok: 'OK',
    close: 'Закрыть',
  },
  notFound: {
    title: 'Страница не найдена',
    text: 'Такой страницы нет. Возможно, ссылка устарела или в ней опечатка.',
    home: 'На главную',
  },
  notAvailable: {
    title: 'Эта страница пока недоступна',
    text: 'Этот раздел ещё не готов. Вернитесь к афише, чтобы посмотреть мероприятия.',
    home: 'К афише',
  },
  rules: {
    empty: 'Текст правил пока не опубликован.',
    open: 'Открыть правила',
  },
  contacts: {
    empty: 'Контактная информация пока не опубликована.',
  },
  afisha: {
    kinds: 'Разделы афиши',
    menu: 'Категории',
    all: 'Все',
    events: 'Мероприятия',
    'not-found': 'Ничего не найдено',
    'no-tickets-found': 'По вашему запросу билетов не найдено',
    'reset-filters': 'Сбросить фильтры',
    showing: 'Показано {{shown}} из {{total}}',
    'load-next': 'Показать ещё {{count}} из {{left}}',
    buy: 'Купить билет',
    buyFor: 'Купить билет: {{title}}',
    'soon-on-sale': 'Скоро в продаже',
    'sold-out': 'Билеты проданы',
    tickets_one: '{{count}} билет',
    tickets_few: '{{count}} билета',
    tickets_many: '{{count}} билетов',
    tickets_other: '{{count}} билета',
    age: '{{age}}+',
    ageLabel: 'Возрастное ограничение {{age}}+',
    more: 'Подробнее',
    less: 'Свернуть',
    info: 'О мероприятии',
    onMap: 'Адрес на карте: {{address}}',
    giftCard: 'Можно оплатить Пушкинской картой',
    signLanguage: 'С переводом на жестовый язык',
    search: 'Поиск',
    searchPlaceholder: 'Название мероприятия',
    tags: 'Теги',
    showAvailable: 'Только с билетами в продаже',
    subscriptions: 'Мои абонементы',
    filters: 'Фильтры',
    dates: 'Даты',
    anyDates: 'Любые даты',
    fromDay: 'с {{day}}',
    untilDay: 'по {{day}}',
    prevMonth: 'Предыдущий месяц',
    nextMonth: 'Следующий месяц',
    clearDates: 'Сбросить даты',
    datesDone: 'Готово',
    pickStart: 'Выберите первый день',
    pickEnd: 'Выберите последний день',
    times: 'Время',
    address: 'Адрес',
    loading: 'Загружаем афишу…',
  },
}

export default ru

/** Plural suffixes only some languages use (Russian _few and _many; Chinese and Kazakh none). */
type LanguageSpecificPlural = `${string}_few` | `${string}_many`

/** Shape every language must have: the same keys with free text; _few/_many optional. */
export type Widen<T> = {
  [K in keyof T as K extends LanguageSpecificPlural ? never : K]: T[K] extends string ? string : Widen<T[K]>
} & {
  [K in keyof T as K extends LanguageSpecificPlural ? K : never]?: string
}
export type Messages = Widen<typeof ru>
