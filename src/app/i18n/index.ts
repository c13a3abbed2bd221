import i18next, { type i18n } from 'i18next'
import { DEFAULT_LANG, FALLBACK_LANG, LANGS, type Lang } from '../../contract/lang'
import { isLang } from '../../contract/langCodes'
import { LANG_TAG } from './lang'
import ch from './locales/ch'
import en from './locales/en'
import kz from './locales/kz'
import ru from './locales/ru'
import { EVENT_TEXTS } from './locales/event'
import { NOMINAL_TEXTS } from './locales/nominal'
import { ORDER_TEXTS } from './locales/order'
import { ORDER_STATE_TEXTS } from './locales/orderState'
import { RETURNS_TEXTS } from './locales/returns'
import { SCHEME_TEXTS } from './locales/scheme'
import { SCHEME_SUBSCRIPTION_TEXTS } from './locales/schemeSubscription'
import { SEAT_CHOICE_TEXTS } from './locales/seatChoice'
import { ACCESS_TEXTS } from './locales/access'
import { STOREFRONT_TEXTS } from './locales/storefront'
import { WAITING_TEXTS } from './locales/waiting'
import { withScreenTexts } from './mergeTexts'

/** All shell texts, one resource bundle per language (namespace "translation"). */
export const RESOURCES = {
  ru: { translation: ru },
  en: { translation: en },
  kz: { translation: kz },
  ch: { translation: ch },
} as const

/**
 * A fresh i18next instance with every language loaded synchronously (the bundles are small, so
 * no lazy loading and no flash of keys). Separate instances keep unit tests independent.
 */
export function createI18n(lang: Lang = DEFAULT_LANG): i18n {
  const instance = i18next.createInstance()
  void instance.init({
    resources: withScreenTexts(RESOURCES, EVENT_TEXTS, ORDER_TEXTS, SCHEME_TEXTS, NOMINAL_TEXTS, RETURNS_TEXTS, STOREFRONT_TEXTS, ORDER_STATE_TEXTS, SCHEME_SUBSCRIPTION_TEXTS, SEAT_CHOICE_TEXTS, WAITING_TEXTS, ACCESS_TEXTS),
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: [...LANGS],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes text itself
    returnNull: false,
  })
  pluralsByTag(instance)
  return instance
}

/**
 * i18next picks a plural form by Intl.PluralRules of the language code, and "kz" and "ch" are
 * not language tags: Intl fell back to the browser's own locale, so a Russian browser asked the
 * Kazakh and Chinese texts for "few" forms they do not have and showed the English ones. The
 * rules are asked by the real tags (LANG_TAG: kk, zh-Hant). The resolver is i18next's own
 * service (typed any): wrapping its getRule is the one place the codes meet Intl's rules.
 */
function pluralsByTag(instance: i18n): void {
  const resolver = instance.services.pluralResolver as { getRule: (code: string, options?: object) => Intl.PluralRules | undefined }
  const getRule = resolver.getRule.bind(resolver)
  resolver.getRule = (code, options) => getRule(isLang(code) ? LANG_TAG[code] : code, options)
}
