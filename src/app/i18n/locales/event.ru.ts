/**
 * Russian texts of the event page and the buyer form: the source of the key set; the other
 * languages must have the same keys (checked by `EventMessages`). Merged deeply into the app's
 * "translation" bundle (src/app/i18n/index.ts), so keys such as `modal.error-limit` sit beside
 * the shell's. Error keys match the contract's RuleError values (errors.required-fio, …).
 */
const eventRu = {
  event: {
    loading: 'Загружаем мероприятие…',
    'not-found': 'Мероприятие не найдено',
    'not-found-text': 'Возможно, ссылка устарела. Вернитесь к афише, чтобы выбрать мероприятие.',
    'load-failed': 'Не удалось загрузить мероприятие.',
    toAfisha: 'К афише',
    age: '{{age}}+',
    ageLabel: 'Возрастное ограничение {{age}}+',
    info: 'Подробнее о мероприятии',
    composition: 'Состав абонемента',
    'gift-notice': 'Билеты на это мероприятие можно оплатить Пушкинской картой',
    date: 'Дата',
    dates: 'Даты мероприятия',
    'prev-dates': 'Предыдущие даты',
    'next-dates': 'Следующие даты',
    time: 'Время',
    'time-left': 'осталось {{count}}',
    'time-none': 'нет билетов',
    'choose-time': 'Выберите время мероприятия',
    payment: 'Способ оплаты',
    'payment-gift': 'Пушкинская карта',
    'payment-bank': 'Банковская карта',
    'sold-out': 'Все билеты проданы, выберите другое мероприятие',
    'not-available': 'Покупка недоступна в выбранный день или на этот сеанс',
    categories: 'Билеты',
    groups: 'Групповые билеты',
    'more-categories': 'Ещё категории',
    'less-categories': 'Свернуть категории',
    free: 'Бесплатно',
    decrease: 'Убрать билет: {{name}}',
    increase: 'Добавить билет: {{name}}',
    quantity: 'Количество: {{name}}',
    needprice: 'Не меньше {{count}} в заказе',
    group_one: 'Один билет на группу до {{count}} человека',
    group_few: 'Один билет на группу до {{count}} человек',
    group_many: 'Один билет на группу до {{count}} человек',
    group_other: 'Один билет на группу до {{count}} человека',
    'limit-reached_one': 'В одном заказе не больше {{count}} билета',
    'limit-reached_few': 'В одном заказе не больше {{count}} билетов',
    'limit-reached_many': 'В одном заказе не больше {{count}} билетов',
    'limit-reached_other': 'В одном заказе не больше {{count}} билета',
    'gift-limit': 'По Пушкинской карте можно купить один билет',
    'by-subscription': 'Получить по подписке (осталось {{count}})',
    'subscription-not-gift': 'Билеты по подписке не оплачиваются Пушкинской картой',
    tickets: 'Билеты',
    'service-fee': 'Сервисный сбор',
    total: 'Итого',
    'ticket-count_one': '{{count}} билет',
    'ticket-count_few': '{{count}} билета',
    'ticket-count_many': '{{count}} билетов',
    'ticket-count_other': '{{count}} билета',
    order: 'Оформление заказа',
    submit: 'Оформить заказ',
    'submit-free': 'Получить билеты',
  },
  modal: {
    'error-limit': 'Достигнут лимит количества билетов в одном заказе!',
  },
  form: {
    buyer: 'Данные покупателя',
    fio: 'ФИО',
    phone: 'Телефон',
    country: 'Страна телефона',
    email: 'E-mail',
    're-email': 'Повторите e-mail',
    're-email-hint': 'Введите адрес ещё раз вручную: копирование и вставка отключены',
    surname: 'Фамилия',
    name: 'Имя',
    patronymic: 'Отчество',
    'no-patronymic': 'Нет отчества',
    'gift-notice': 'Фамилия, имя и отчество должны точно совпадать с паспортными данными',
    'gift-phone': 'Телефон владельца Пушкинской карты',
    agreements: 'Согласия',
    required: 'обязательное поле',
    submitting: 'Оформляем заказ…',
  },
  errors: {
    'required-all': 'Заполните все обязательные поля',
    'required-fio': 'Укажите ФИО: от 2 до 70 букв',
    'wrong-phone': 'Неверный формат телефона',
    'required-email': 'Укажите e-mail',
    'not-valid-email': 'Некорректный e-mail',
    're-email': 'Адреса e-mail не совпадают',
    'gift-surname': 'Фамилия русскими буквами, без сокращений и символов; дефис допускается в двойной фамилии',
    'gift-name': 'Имя русскими буквами, без сокращений и символов; дефис допускается в двойном имени',
    'gift-patronymic': 'Отчество русскими буквами, без сокращений и символов, или отметьте «Нет отчества»',
    'gift-phone': 'Номер телефона не действителен. Пример: {{phone}}',
    consent: 'Отметьте обязательные согласия',
    inner: 'Внутренняя ошибка при создании заказа',
  },
  captcha: {
    title: 'Введите код',
    placeholder: 'Введите код c картинки',
    submit: 'Отправить',
    image: 'Код на картинке',
    code: 'Код',
    invalid: 'Код не подошёл. Введите код с новой картинки',
    reload: 'Другая картинка',
    loading: 'Загружаем картинку…',
    cancel: 'Закрыть',
  },
  subscription: {
    title: 'Получение билетов по подписке',
    text_one: 'Вы действительно хотите приобрести {{count}} билет по подписке на {{date}}?',
    text_few: 'Вы действительно хотите приобрести {{count}} билета по подписке на {{date}}?',
    text_many: 'Вы действительно хотите приобрести {{count}} билетов по подписке на {{date}}?',
    text_other: 'Вы действительно хотите приобрести {{count}} билета по подписке на {{date}}?',
    confirm: 'Получить билет',
    cancel: 'Отменить',
  },
}

export default eventRu

/** Plural suffixes only some languages use (Russian _few and _many). */
type LanguageSpecificPlural = `${string}_few` | `${string}_many`

type Widen<T> = {
  [K in keyof T as K extends LanguageSpecificPlural ? never : K]: T[K] extends string ? string : Widen<T[K]>
} & {
  [K in keyof T as K extends LanguageSpecificPlural ? K : never]?: string
}
export type EventMessages = Widen<typeof eventRu>
