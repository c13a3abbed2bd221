import type { Lang } from '../../contract/lang'

/** The event's own actions in the console (copy, archive, restore) and the archived events' list (ru, en, kz, ch). */
const ru = {
  copy: 'Копировать событие',
  copied: 'Это копия: сеансы и цены перенесены, сеансы сняты с продажи, событие не опубликовано',
  archive: 'В архив',
  /** Asked before archiving: the event leaves the shop and the console's list. */
  confirmArchive: 'Убрать событие в архив? Оно пропадёт с витрины и из списка событий; вернуть его можно из архива.',
  archived: 'В архиве',
  /** The editor of an archived event: why nothing can be changed, and how to change it. */
  readOnly: 'Событие в архиве, изменить его нельзя. Верните его из архива, чтобы редактировать.',
  restore: 'Вернуть из архива',
  restored: 'Событие возвращено из архива (не опубликовано)',
  archivedList: 'Архив событий',
  currentList: 'Текущие события',
  noArchived: 'В архиве нет событий',
}
type EventActionTexts = typeof ru

const en: EventActionTexts = {
  copy: 'Copy event',
  copied: 'This is a copy: sessions and prices copied, sessions off sale, the event unpublished',
  archive: 'Archive',
  confirmArchive: 'Archive the event? It leaves the shop and the events list; it can be restored from the archive.',
  archived: 'Archived',
  readOnly: 'This event is archived and cannot be changed. Restore it from the archive to edit it.',
  restore: 'Restore from archive',
  restored: 'Event restored from the archive (unpublished)',
  archivedList: 'Archived events',
  currentList: 'Current events',
  noArchived: 'No archived events',
}

const kz: EventActionTexts = {
  copy: 'Оқиғаны көшіру',
  copied: 'Бұл көшірме: сеанстар мен бағалар көшірілді, сеанстар сатылымнан алынған, оқиға жарияланбаған',
  archive: 'Мұрағатқа',
  confirmArchive: 'Оқиғаны мұрағатқа жіберу керек пе? Ол витринадан және оқиғалар тізімінен жоғалады; оны мұрағаттан қайтаруға болады.',
  archived: 'Мұрағатта',
  readOnly: 'Оқиға мұрағатта, оны өзгертуге болмайды. Өңдеу үшін оны мұрағаттан қайтарыңыз.',
  restore: 'Мұрағаттан қайтару',
  restored: 'Оқиға мұрағаттан қайтарылды (жарияланбаған)',
  archivedList: 'Оқиғалар мұрағаты',
  currentList: 'Ағымдағы оқиғалар',
  noArchived: 'Мұрағатта оқиға жоқ',
}

const ch: EventActionTexts = {
  copy: '複製活動',
  copied: '這是副本：場次與價格已複製，場次未開賣，活動未發佈',
  archive: '封存',
  confirmArchive: '要封存此活動嗎？它將從商店與活動列表中移除；可從封存中還原。',
  archived: '已封存',
  readOnly: '此活動已封存，無法修改。請從封存還原後再編輯。',
  restore: '從封存還原',
  restored: '活動已從封存還原（未發佈）',
  archivedList: '已封存的活動',
  currentList: '目前的活動',
  noArchived: '沒有已封存的活動',
}

export const EVENT_ACTION_TEXTS: Record<Lang, EventActionTexts> = { ru, en, kz, ch }
