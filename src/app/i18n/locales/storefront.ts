import type { ScreenTexts } from '../mergeTexts'
import storefrontCh from './storefront.ch'
import storefrontEn from './storefront.en'
import storefrontKz from './storefront.kz'
import storefrontRu from './storefront.ru'

/** Texts added for storefront fidelity (issue 13), per language. */
export const STOREFRONT_TEXTS: ScreenTexts = { ru: storefrontRu, en: storefrontEn, kz: storefrontKz, ch: storefrontCh }
