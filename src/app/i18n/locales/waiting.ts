import type { ScreenTexts } from '../mergeTexts'

/**
 * Texts of the waiting page (issue 18.5): shown instead of the purchase of a session whose
 * waiting room is on, until the visitor's turn comes.
 */
const ru = {
  waiting: {
    checking: 'Проверяем, открыта ли покупка…',
    title: 'Очередь на покупку',
    intro: 'Билеты на этот сеанс сейчас покупают очень многие, поэтому покупка открывается по очереди. Страница сама откроет её, когда подойдёт ваш черёд: не закрывайте и не обновляйте её.',
    'opens-at': 'Продажа откроется {{moment}} ({{zone}}).',
    fair: 'Все, кто пришёл до открытия продажи, получат места в очереди в случайном порядке: приходить заранее не нужно.',
    place: 'Ваше место в очереди: {{place}}',
    'tab-place': 'В очереди: {{place}}',
    'tab-pending': 'В очереди',
    'place-pending': 'Место в очереди будет назначено, когда откроется продажа.',
    'people-label': 'Всего в очереди',
    'estimate-label': 'Примерное ожидание',
    'opens-in-label': 'До открытия продажи',
    'under-minute': 'меньше минуты',
    minutes: '{{count}} мин',
    hours: '{{hours}} ч {{minutes}} мин',
    admitted: 'Ваша очередь подошла: можно выбирать билеты.',
    'check-failed': 'Не удалось узнать место в очереди. Пробуем ещё раз…',
  },
}

export type WaitingMessages = typeof ru

const en: WaitingMessages = {
  waiting: {
    checking: 'Checking whether the sale is open…',
    title: 'Waiting room',
    intro: 'Many people are buying tickets to this session right now, so the purchase opens in turn. This page opens it for you when your turn comes: keep it open and do not reload it.',
    'opens-at': 'The sale opens {{moment}} ({{zone}}).',
    fair: 'Everyone who arrives before the sale opens gets a place in random order, so there is no need to come early.',
    place: 'Your place in the queue: {{place}}',
    'tab-place': 'In the queue: {{place}}',
    'tab-pending': 'In the queue',
    'place-pending': 'You will get your place in the queue when the sale opens.',
    'people-label': 'People in the queue',
    'estimate-label': 'Estimated wait',
    'opens-in-label': 'Sale opens in',
    'under-minute': 'less than a minute',
    minutes: '{{count}} min',
    hours: '{{hours}} h {{minutes}} min',
    admitted: 'Your turn has come: you can choose tickets now.',
    'check-failed': 'Could not get your place in the queue. Trying again…',
  },
}

const kz: WaitingMessages = {
  waiting: {
    checking: 'Сатып алу ашық па, тексеріп жатырмыз…',
    title: 'Сатып алу кезегі',
    intro: 'Бұл сеансқа қазір билетті өте көп адам сатып алып жатыр, сондықтан сатып алу кезекпен ашылады. Кезегіңіз келгенде бет оны өзі ашады: бетті жаппаңыз және жаңартпаңыз.',
    'opens-at': 'Сату {{moment}} ({{zone}}) ашылады.',
    fair: 'Сату ашылғанға дейін келгендердің бәрі кезектегі орынды кездейсоқ ретпен алады: ерте келудің қажеті жоқ.',
    place: 'Кезектегі орныңыз: {{place}}',
    'tab-place': 'Кезекте: {{place}}',
    'tab-pending': 'Кезекте',
    'place-pending': 'Кезектегі орын сату ашылғанда беріледі.',
    'people-label': 'Кезекте барлығы',
    'estimate-label': 'Шамамен күту уақыты',
    'opens-in-label': 'Сату ашылғанға дейін',
    'under-minute': 'бір минуттан аз',
    minutes: '{{count}} мин',
    hours: '{{hours}} сағ {{minutes}} мин',
    admitted: 'Кезегіңіз келді: билеттерді таңдауға болады.',
    'check-failed': 'Кезектегі орынды білу мүмкін болмады. Қайта көріп жатырмыз…',
  },
}

const ch: WaitingMessages = {
  waiting: {
    checking: '正在確認是否開放購買…',
    title: '購票排隊',
    intro: '目前有很多人正在購買本場次的門票，因此購買將依序開放。輪到您時，本頁會自動為您開啟購買：請勿關閉或重新整理本頁。',
    'opens-at': '開賣時間：{{moment}}（{{zone}}）。',
    fair: '所有在開賣前到達的人都會以隨機順序獲得排隊位置，無需提早到達。',
    place: '您的排隊位置：{{place}}',
    'tab-place': '排隊中：{{place}}',
    'tab-pending': '排隊中',
    'place-pending': '開賣時您將獲得排隊位置。',
    'people-label': '排隊人數',
    'estimate-label': '預計等候時間',
    'opens-in-label': '距離開賣',
    'under-minute': '不到一分鐘',
    minutes: '{{count}} 分鐘',
    hours: '{{hours}} 小時 {{minutes}} 分鐘',
    admitted: '輪到您了：現在可以選擇門票。',
    'check-failed': '無法取得您的排隊位置，正在重試…',
  },
}

export const WAITING_TEXTS: ScreenTexts = { ru, en, kz, ch }
