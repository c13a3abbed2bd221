import type { ScreenTexts } from '../mergeTexts'

/**
 * Texts of accessible seating on the map (issue 20 item 3): the seat types in the legend and the
 * tooltip, the filter, and accessible best available, in every language.
 */
const ru = {
  access: {
    title: 'Доступные места',
    type: 'Тип места',
    filter: 'Показать на схеме: {{type}} ({{n}})',
    shown: 'Показано мест: {{n}} — {{type}}',
    companions: 'Мест для сопровождающих',
    find: 'Подобрать место для коляски',
    held: 'Забронировано: {{seats}}',
    types: {
      wheelchair: 'Место для кресла-коляски',
      companion: 'Место сопровождающего',
      transfer: 'Место у прохода с пересадкой',
      restricted: 'Ограниченный обзор',
      signlang: 'Видно сурдопереводчика',
    },
  },
}

type AccessMessages = typeof ru

const en: AccessMessages = {
  access: {
    title: 'Accessible seating',
    type: 'Seat type',
    filter: 'Show on the map: {{type}} ({{n}})',
    shown: '{{n}} seats shown — {{type}}',
    companions: 'Companion seats',
    find: 'Find a wheelchair space',
    held: 'Held: {{seats}}',
    types: {
      wheelchair: 'Wheelchair space',
      companion: 'Companion seat',
      transfer: 'Transfer / aisle seat',
      restricted: 'Restricted view',
      signlang: 'Sign-language sight line',
    },
  },
}

const kz: AccessMessages = {
  access: {
    title: 'Қолжетімді орындар',
    type: 'Орын түрі',
    filter: 'Сызбада көрсету: {{type}} ({{n}})',
    shown: 'Көрсетілген орындар: {{n}} — {{type}}',
    companions: 'Серіктес орындары',
    find: 'Арбаға арналған орынды табу',
    held: 'Брондалды: {{seats}}',
    types: {
      wheelchair: 'Мүгедектер арбасына арналған орын',
      companion: 'Серіктес орны',
      transfer: 'Өтетін жердегі ауысу орны',
      restricted: 'Көрінісі шектеулі',
      signlang: 'Ымдау тілі аудармашысы көрінеді',
    },
  },
}

const ch: AccessMessages = {
  access: {
    title: '無障礙座位',
    type: '座位類型',
    filter: '在座位圖上顯示：{{type}}（{{n}}）',
    shown: '已顯示 {{n}} 個座位 — {{type}}',
    companions: '陪同座位',
    find: '尋找輪椅位',
    held: '已保留：{{seats}}',
    types: {
      wheelchair: '輪椅位',
      companion: '陪同座位',
      transfer: '走道轉移座位',
      restricted: '視線受限',
      signlang: '可見手語翻譯',
    },
  },
}

export const ACCESS_TEXTS: ScreenTexts = { ru, en, kz, ch }
