import type { Lang } from '../../contract/lang'

/** Words of the console's waiting-room screen (issue 18.5), ru, en, kz, ch. */
const ru = {
  link: 'Очередь',
  title: 'Очередь: {event}, {day}, {time}',
  intro: 'Пока очередь включена, покупатели сеанса ждут на странице ожидания и проходят к покупке по одному, с заданной скоростью. Кто пришёл до начала продаж, встаёт в очередь в случайном порядке.',
  enabled: 'Очередь включена',
  opensAt: 'Начало продаж',
  rate: 'Пропускать покупателей в минуту',
  auto: 'Включать саму, когда покупают с большего числа адресов в минуту (пусто — никогда)',
  save: 'Сохранить',
  saved: 'Сохранено',
  visitors: 'В очереди всего',
  placed: 'Получили место',
  admitted: 'Пропущено к покупке',
  back: 'К событию',
  /** A session of an archived event: why nothing can be changed, and how to change it. */
  archived: 'Событие этого сеанса в архиве, очередь изменить нельзя. Чтобы изменить её, верните событие из архива (кнопка «Вернуть из архива» на странице события).',
  /** A role that may only read (box office, door): why there is no Save, and who can change it. */
  readOnly: 'Ваша роль позволяет только смотреть настройки очереди. Изменить их может менеджер или владелец.',
}
type WaitingTexts = typeof ru

const en: WaitingTexts = {
  link: 'Waiting room',
  title: 'Waiting room: {event}, {day}, {time}',
  intro: 'While the waiting room is on, buyers of the session wait on the waiting page and are let through to the purchase at the set rate. Those who arrive before the on-sale moment are queued in random order.',
  enabled: 'Waiting room on',
  opensAt: 'On-sale moment',
  rate: 'Buyers let through per minute',
  auto: 'Switch on by itself above this many buying addresses a minute (empty: never)',
  save: 'Save',
  saved: 'Saved',
  visitors: 'Visitors in the room',
  placed: 'Given a place',
  admitted: 'Let through',
  back: 'Back to the event',
  archived: "This session's event is archived, so its waiting room cannot be changed. To change it, restore the event (Restore from archive on the event's page).",
  readOnly: "Your role may only view the waiting room's settings. A manager or the owner can change them.",
}

const kz: WaitingTexts = {
  link: 'Кезек',
  title: 'Кезек: {event}, {day}, {time}',
  intro: 'Кезек қосулы тұрғанда сеанстың сатып алушылары күту бетінде күтеді және сатып алуға берілген жылдамдықпен өтеді. Сату басталғанға дейін келгендер кезекке кездейсоқ ретпен тұрады.',
  enabled: 'Кезек қосулы',
  opensAt: 'Сатудың басталуы',
  rate: 'Минутына өткізілетін сатып алушылар',
  auto: 'Минутына осыдан көп мекенжайдан сатып алса, өзі қосылады (бос — ешқашан)',
  save: 'Сақтау',
  saved: 'Сақталды',
  visitors: 'Кезекте барлығы',
  placed: 'Орын алғандар',
  admitted: 'Сатып алуға өткізілді',
  back: 'Іс-шараға',
  archived: 'Бұл сеанстың іс-шарасы мұрағатта, кезекті өзгертуге болмайды. Өзгерту үшін іс-шараны мұрағаттан қайтарыңыз (іс-шара бетіндегі «Мұрағаттан қайтару» түймесі).',
  readOnly: 'Сіздің рөліңіз кезек баптауларын тек қарауға мүмкіндік береді. Оларды менеджер немесе иесі өзгерте алады.',
}

const ch: WaitingTexts = {
  link: '排隊',
  title: '排隊：{event}，{day} {time}',
  intro: '排隊開啟時，本場次的購票者會在等候頁面等候，並以設定的速度依序進入購買。開賣前到達的人會以隨機順序排隊。',
  enabled: '開啟排隊',
  opensAt: '開賣時間',
  rate: '每分鐘放行的購票者',
  auto: '每分鐘購票的來源位址超過此數時自動開啟（留空：永不）',
  save: '儲存',
  saved: '已儲存',
  visitors: '排隊總人數',
  placed: '已獲得位置',
  admitted: '已放行購買',
  back: '返回活動',
  archived: '此場次的活動已封存，無法修改排隊設定。如需修改，請先還原活動（活動頁面上的「從封存還原」）。',
  readOnly: '您的角色只能查看排隊設定。經理或擁有者才能修改。',
}

export const WAITING_CONSOLE_TEXTS: Record<Lang, WaitingTexts> = { ru, en, kz, ch }
