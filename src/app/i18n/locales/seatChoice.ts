import type { ScreenTexts } from '../mergeTexts'

/**
 * Texts of seat choice on the map (issue 20): the "Best N seats" control and the cart's warning
 * about a single empty seat left by the choice, in every language.
 */
const ru = {
  seatChoice: {
    title: 'Лучшие места',
    quantity: 'Количество мест',
    zone: 'Категория цен',
    'any-zone': 'Любая',
    find: 'Подобрать лучшие места',
    others: 'Показать другие',
    busy: 'Подбираем места…',
    'held-row': 'Забронированы места рядом: {{seats}}',
    'held-block': 'Забронированы места в соседних рядах: {{seats}}',
    'held-single': 'Других мест рядом не нашлось: после выбора остаётся одно пустое место.',
    singles: 'Ваш выбор оставляет одно пустое место: {{seats}}. Возьмите его или выберите места без одиночных промежутков.',
  },
}

type SeatChoiceMessages = typeof ru

const en: SeatChoiceMessages = {
  seatChoice: {
    title: 'Best seats',
    quantity: 'Number of seats',
    zone: 'Price level',
    'any-zone': 'Any',
    find: 'Find best seats',
    others: 'Show others',
    busy: 'Finding seats…',
    'held-row': 'Held together: {{seats}}',
    'held-block': 'Held in neighbouring rows: {{seats}}',
    'held-single': 'No other seats together were left: the choice leaves a single empty seat.',
    singles: 'Your choice leaves a single empty seat: {{seats}}. Take it too, or choose seats that leave no single gap.',
  },
}

const kz: SeatChoiceMessages = {
  seatChoice: {
    title: 'Ең жақсы орындар',
    quantity: 'Орын саны',
    zone: 'Баға санаты',
    'any-zone': 'Кез келген',
    find: 'Ең жақсы орындарды табу',
    others: 'Басқаларын көрсету',
    busy: 'Орындарды іздеп жатырмыз…',
    'held-row': 'Қатар орындар брондалды: {{seats}}',
    'held-block': 'Көрші қатарлардағы орындар брондалды: {{seats}}',
    'held-single': 'Басқа қатар орындар қалмады: таңдаудан кейін бір бос орын қалады.',
    singles: 'Таңдауыңыз бір бос орынды жалғыз қалдырады: {{seats}}. Оны да алыңыз немесе жалғыз бос орын қалдырмайтын орындарды таңдаңыз.',
  },
}

const ch: SeatChoiceMessages = {
  seatChoice: {
    title: '最佳座位',
    quantity: '座位數量',
    zone: '票價等級',
    'any-zone': '任何',
    find: '尋找最佳座位',
    others: '顯示其他座位',
    busy: '正在尋找座位…',
    'held-row': '已保留相連座位：{{seats}}',
    'held-block': '已保留相鄰排的座位：{{seats}}',
    'held-single': '已沒有其他相連座位：此選擇會留下單獨一個空位。',
    singles: '您的選擇會留下單獨一個空位：{{seats}}。請一併選取，或選擇不留單個空位的座位。',
  },
}

export const SEAT_CHOICE_TEXTS: ScreenTexts = { ru, en, kz, ch }
