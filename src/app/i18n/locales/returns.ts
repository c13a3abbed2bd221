import type { ScreenTexts } from '../mergeTexts'
import returnsCh from './returns.ch'
import returnsEn from './returns.en'
import returnsKz from './returns.kz'
import returnsRu from './returns.ru'

/** The ticket return page texts per language. */
export const RETURNS_TEXTS: ScreenTexts = { ru: returnsRu, en: returnsEn, kz: returnsKz, ch: returnsCh }
