import type { StorefrontMessages } from './storefront.ru'

/** Kazakh texts added for storefront fidelity (issue 13). Kazakh nouns do not change after numbers. */
const storefrontKz: StorefrontMessages = {
  afisha: {
    prices: 'Бағалар',
    'more-prices_one': 'тағы {{count}} санат',
    'more-prices_other': 'тағы {{count}} санат',
    'fewer-prices': 'Бағаларды жасыру',
    'all-dates_one': 'Барлық күндер: {{count}}',
    'all-dates_other': 'Барлық күндер: {{count}}',
    'hide-dates': 'Күндерді жасыру',
    'price-from': '{{price}} бастап',
  },
  event: {
    'soon-on-sale': 'Жақында сатылымда',
    'soon-on-sale-text': 'Бұл іс-шараға билет сатылымы әлі ашылған жоқ. Кейінірек кіріңіз.',
  },
  order: {
    'bonus-not-integer': 'Бонустардың бүтін санын енгізіңіз, бөлшексіз',
    'bonus-negative': 'Бонус саны теріс бола алмайды',
    'bonus-too-many_one': 'Ең көбі {{count}} бонус жұмсауға болады',
    'bonus-too-many_other': 'Ең көбі {{count}} бонус жұмсауға болады',
    'code-zone': 'Санат: {{zone}}',
  },
  nominal: {
    'doc-num-limit_one': 'Ең көбі {{count}} таңба, бос орындар саналмайды',
    'doc-num-limit_other': 'Ең көбі {{count}} таңба, бос орындар саналмайды',
  },
  returns: {
    'deadline-at': '{{date}}, {{time}}',
  },
}

export default storefrontKz
