import type { StorefrontMessages } from './storefront.ru'

/** English texts added for storefront fidelity (issue 13). */
const storefrontEn: StorefrontMessages = {
  afisha: {
    prices: 'Prices',
    'more-prices_one': '{{count}} more category',
    'more-prices_other': '{{count}} more categories',
    'fewer-prices': 'Fewer prices',
    'all-dates_one': 'All dates: {{count}}',
    'all-dates_other': 'All dates: {{count}}',
    'hide-dates': 'Hide dates',
    'price-from': 'from {{price}}',
  },
  event: {
    'soon-on-sale': 'Soon on sale',
    'soon-on-sale-text': 'Tickets for this event are not on sale yet. Please come back later.',
  },
  order: {
    'bonus-not-integer': 'Enter a whole number of bonuses, without a fraction',
    'bonus-negative': 'The number of bonuses cannot be negative',
    'bonus-too-many_one': 'You can use at most {{count}} bonus',
    'bonus-too-many_other': 'You can use at most {{count}} bonuses',
    'code-zone': 'Category: {{zone}}',
  },
  nominal: {
    'doc-num-limit_one': 'Up to {{count}} character, spaces not counted',
    'doc-num-limit_other': 'Up to {{count}} characters, spaces not counted',
  },
  returns: {
    'deadline-at': '{{date}}, {{time}}',
  },
}

export default storefrontEn
