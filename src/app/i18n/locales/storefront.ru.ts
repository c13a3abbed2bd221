import type { Widen } from './ru'

/**
 * Russian texts added for storefront fidelity (issue 13): listing price summary and date list,
 * "soon on sale" on the event pages, input explanations, the rules modal. Merged deeply into
 * the "translation" bundle like every screen's texts; the other languages have the same keys.
 */
const storefrontRu = {
  afisha: {
    prices: 'Цены',
    'more-prices_one': 'ещё {{count}} категория',
    'more-prices_few': 'ещё {{count}} категории',
    'more-prices_many': 'ещё {{count}} категорий',
    'more-prices_other': 'ещё {{count}} категории',
    'fewer-prices': 'Свернуть цены',
    'all-dates_one': 'Все даты: {{count}}',
    'all-dates_few': 'Все даты: {{count}}',
    'all-dates_many': 'Все даты: {{count}}',
    'all-dates_other': 'Все даты: {{count}}',
    'hide-dates': 'Скрыть даты',
    'price-from': 'от {{price}}',
  },
  event: {
    'soon-on-sale': 'Скоро в продаже',
    'soon-on-sale-text': 'Продажа билетов на это мероприятие ещё не открылась. Загляните позже.',
  },
  order: {
    'bonus-not-integer': 'Введите целое число бонусов, без дробной части',
    'bonus-negative': 'Число бонусов не может быть отрицательным',
    'bonus-too-many_one': 'Можно списать не больше {{count}} бонуса',
    'bonus-too-many_few': 'Можно списать не больше {{count}} бонусов',
    'bonus-too-many_many': 'Можно списать не больше {{count}} бонусов',
    'bonus-too-many_other': 'Можно списать не больше {{count}} бонуса',
    'code-zone': 'Категория: {{zone}}',
  },
  nominal: {
    'doc-num-limit_one': 'Не больше {{count}} символа, пробелы не считаются',
    'doc-num-limit_few': 'Не больше {{count}} символов, пробелы не считаются',
    'doc-num-limit_many': 'Не больше {{count}} символов, пробелы не считаются',
    'doc-num-limit_other': 'Не больше {{count}} символа, пробелы не считаются',
  },
  returns: {
    'deadline-at': '{{date}}, {{time}}',
  },
}

export default storefrontRu
export type StorefrontMessages = Widen<typeof storefrontRu>
