import type { ScreenTexts } from '../mergeTexts'
import eventCh from './event.ch'
import eventEn from './event.en'
import eventKz from './event.kz'
import eventRu from './event.ru'

/** The event page's and buyer form's texts per language. */
export const EVENT_TEXTS: ScreenTexts = { ru: eventRu, en: eventEn, kz: eventKz, ch: eventCh }
