import type { ScreenTexts } from '../mergeTexts'
import schemeCh from './scheme.ch'
import schemeEn from './scheme.en'
import schemeKz from './scheme.kz'
import schemeRu from './scheme.ru'

/** The scheme view's texts per language. */
export const SCHEME_TEXTS: ScreenTexts = { ru: schemeRu, en: schemeEn, kz: schemeKz, ch: schemeCh }
