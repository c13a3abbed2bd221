import type { Lang } from '../../../contract/lang'

/** The venues screen's map settings form (a venue's map metadata: the detail threshold), in ru, en, kz and ch. */
export interface MapMetaTexts {
  legend: string
  threshold: string
  hint: string
  save: string
  saved: string
  current: string
  byDefault: string
}

export const MAP_META_TEXTS: Record<Lang, MapMetaTexts> = {
  ru: {
    legend: 'Схема зала: детализация',
    threshold: 'Порог детализации, %',
    hint: 'Масштаб, с которого на схеме видны отдельные места, от {min} до {max} %; пусто — по умолчанию ({default} %)',
    save: 'Сохранить настройку схемы',
    saved: 'Настройка схемы сохранена',
    current: 'Сейчас: {value}',
    byDefault: 'по умолчанию ({default} %)',
  },
  en: {
    legend: 'Seat map: detail',
    threshold: 'Detail threshold, %',
    hint: 'The zoom from which the map shows single seats, {min} to {max} %; blank = the default ({default} %)',
    save: 'Save map setting',
    saved: 'Map setting saved',
    current: 'Now: {value}',
    byDefault: 'default ({default} %)',
  },
  kz: {
    legend: 'Зал сызбасы: егжей-тегжей',
    threshold: 'Егжей-тегжей шегі, %',
    hint: 'Сызбада жеке орындар көрінетін масштаб, {min}-ден {max} %-ға дейін; бос — әдепкі ({default} %)',
    save: 'Сызба баптауын сақтау',
    saved: 'Сызба баптауы сақталды',
    current: 'Қазір: {value}',
    byDefault: 'әдепкі ({default} %)',
  },
  ch: {
    legend: '座位圖：細節',
    threshold: '細節門檻（%）',
    hint: '座位圖開始顯示單一座位的縮放比例，{min} 至 {max} %；留空 = 預設（{default} %）',
    save: '儲存座位圖設定',
    saved: '座位圖設定已儲存',
    current: '目前：{value}',
    byDefault: '預設（{default} %）',
  },
}
