import i18next, { type i18n } from 'i18next'
import { DEFAULT_LANG, FALLBACK_LANG, LANGS, type Lang } from '../../contract/lang'
import ch from './locales/ch'
import en from './locales/en'
import kz from './locales/kz'
import ru from './locales/ru'
import { withEventTexts } from './locales/event'
import { withNominalTexts } from './locales/nominal'
import { withOrderTexts } from './locales/order'
import { withReturnsTexts } from './locales/returns'
import { withSchemeTexts } from './locales/scheme'

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
    resources: withReturnsTexts(withNominalTexts(withSchemeTexts(withOrderTexts(withEventTexts(RESOURCES))))),
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: [...LANGS],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes text itself
    returnNull: false,
  })
  return instance
}
