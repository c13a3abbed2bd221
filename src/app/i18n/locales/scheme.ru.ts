/**
 * Russian texts of the scheme view (001 §2, §8): the source of the key set; the other
 * languages must have the same keys (checked by `SchemeMessages`). Merged deeply into the app's
 * "translation" bundle like event.ts, so `messages.place-unavailable` sits beside the shell's keys.
 */
const schemeRu = {
  scheme: {
    loading: 'Загружаем схему зала…',
    'choose-time': 'Для просмотра схемы выберите время мероприятия',
    'map-loading': 'Загружаем схему зала…',
    'map-parsing': 'Готовим схему к показу…',
    'map-failed': 'Не удалось показать схему зала.',
    legend: 'Цены по зонам',
    standing: 'Стоячие места',
    'standing-left': 'Осталось: {{count}}',
    'standing-less': 'Меньше мест: {{name}}',
    'standing-more': 'Больше мест: {{name}}',
    cart: 'Моя корзина',
    'cart-empty': 'Выберите места на схеме',
    'hold-left': 'Места забронированы ещё на {{time}}',
    'hold-expired': 'Время брони истекло, места освобождены',
    remove: 'Убрать из корзины: {{name}}',
    category: 'Категория',
    seat: '{{sector}}, ряд {{row}}, место {{seat}}',
    'standing-item': '{{name}}, {{count}} шт.',
    'live-lost': 'Связь с сервером потеряна, статусы мест могут быть неточными',
    'map-label': 'Схема зала',
    'keyboard-help': 'Стрелки переходят между местами, Enter или пробел выбирает место, плюс и минус меняют масштаб, 0 сбрасывает вид.',
    zoom: 'Масштаб',
    'zoom-in': 'Увеличить',
    'zoom-out': 'Уменьшить',
    reset: 'Сбросить масштаб',
    'show-list': 'Список мест',
    'hide-list': 'Скрыть список',
    'list-title': 'Места по секторам и рядам',
    sector: 'Сектор',
    row: 'Ряд',
    'seat-label': 'Место',
    price: 'Цена',
    close: 'Закрыть',
    'status-free': 'Свободно',
    'status-selected': 'Выбрано',
    'status-held': 'Забронировано',
    'status-sold': 'Продано',
    'status-unavailable': 'Недоступно',
    'status-filtered': 'Скрыто фильтром',
    'error-code': ' Код ошибки: {{code}}',
  },
  messages: {
    'scheme-not-loaded': 'Схема зала ещё не загружена',
    'place-unavailable': 'Место недоступно',
    'not-found': 'По вашему запросу билетов не найдено',
    'no-seats': 'Вы не выбрали ни одного места',
  },
}

export type SchemeMessages = typeof schemeRu
export default schemeRu
