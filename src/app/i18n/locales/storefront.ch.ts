import type { StorefrontMessages } from './storefront.ru'

/** Chinese (Traditional) texts added for storefront fidelity (issue 13). */
const storefrontCh: StorefrontMessages = {
  afisha: {
    prices: '票價',
    'more-prices_one': '另有 {{count}} 個類別',
    'more-prices_other': '另有 {{count}} 個類別',
    'fewer-prices': '收起票價',
    'all-dates_one': '所有日期：{{count}}',
    'all-dates_other': '所有日期：{{count}}',
    'hide-dates': '隱藏日期',
    'price-from': '{{price}} 起',
  },
  event: {
    'soon-on-sale': '即將開賣',
    'soon-on-sale-text': '本活動門票尚未開賣，請稍後再來。',
  },
  order: {
    'bonus-not-integer': '請輸入整數積分，不可有小數',
    'bonus-negative': '積分不能為負數',
    'bonus-too-many_one': '最多可使用 {{count}} 積分',
    'bonus-too-many_other': '最多可使用 {{count}} 積分',
    'code-zone': '類別：{{zone}}',
  },
  nominal: {
    'doc-num-limit_one': '最多 {{count}} 個字元，不計空格',
    'doc-num-limit_other': '最多 {{count}} 個字元，不計空格',
  },
  returns: {
    'deadline-at': '{{date}} {{time}}',
  },
}

export default storefrontCh
