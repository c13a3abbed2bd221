import type { Db } from '../db/connect'
import { NOMINAL_TEXT_SETTING } from '../domain/nominal/constants'
import { writeSettings } from '../domain/settings/repository'

/** The consent text of the named-ticket page (000 §3 order-data "text"), per language. */
const NOMINAL_TEXT = {
  ru: '<p>Билеты именные: вход по документу, указанному для каждого посетителя. Данные используются только для прохода на мероприятие.</p>',
  en: '<p>These tickets are named: entry is by the ID document given for each visitor. The data is used only for admission.</p>',
  kz: '<p>Билеттер атаулы: кіру әр келушіге көрсетілген құжат бойынша.</p>',
  ch: '<p>本票為實名票：憑為每位觀眾填寫的證件入場，數據僅用於入場。</p>',
}

/** Demo step after the reference data: the named-ticket consent text. */
export async function seedNominalText(db: Db): Promise<void> {
  await writeSettings(db, { [NOMINAL_TEXT_SETTING]: NOMINAL_TEXT })
}
