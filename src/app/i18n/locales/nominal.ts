import type { ScreenTexts } from '../mergeTexts'
import nominalCh from './nominal.ch'
import nominalEn from './nominal.en'
import nominalKz from './nominal.kz'
import nominalRu from './nominal.ru'

/** The named-ticket page's texts per language. */
export const NOMINAL_TEXTS: ScreenTexts = { ru: nominalRu, en: nominalEn, kz: nominalKz, ch: nominalCh }
