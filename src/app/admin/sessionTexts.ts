import type { Lang } from '../../contract/lang'

/** Words of an event's session and price-row list in the console (copy, edit a copy; issue 17), ru, en, kz, ch. */
const ru = {
  copy: 'Копировать',
  copySession: 'Копировать сеанс {when}',
  copyPrice: 'Копировать цену {what}',
  edit: 'Изменить',
  editSession: 'Сеанс {when}',
  copied: 'Копия сеанса создана и снята с продажи: задайте дату и время и включите продажу.',
  priceCopied: 'Цена скопирована.',
  onSale: 'В продаже',
  offSale: 'Снят с продажи',
  started: 'Сеанс начался',
  saleFrom: 'Продажа с {when}',
  saleEnded: 'Продажа закрыта {when}',
  active: 'Продаётся',
  cancel: 'Отмена',
}
type SessionTexts = typeof ru

const en: SessionTexts = {
  copy: 'Copy',
  copySession: 'Copy session {when}',
  copyPrice: 'Copy price {what}',
  edit: 'Edit',
  editSession: 'Session {when}',
  copied: 'Session copied and off sale: set its date and time, then put it on sale.',
  priceCopied: 'Price copied.',
  onSale: 'On sale',
  offSale: 'Off sale',
  started: 'Started',
  saleFrom: 'On sale from {when}',
  saleEnded: 'Sale closed {when}',
  active: 'On sale',
  cancel: 'Cancel',
}
const kz: SessionTexts = {
  copy: 'Көшірмесін жасау',
  copySession: '{when} сеансының көшірмесін жасау',
  copyPrice: '{what} бағасының көшірмесін жасау',
  edit: 'Өзгерту',
  editSession: '{when} сеансы',
  copied: 'Сеанстың көшірмесі жасалды, сатылымда емес: күні мен уақытын белгілеп, сатылымға қосыңыз.',
  priceCopied: 'Баға көшірілді.',
  onSale: 'Сатылымда',
  offSale: 'Сатылымнан алынған',
  started: 'Сеанс басталды',
  saleFrom: 'Сатылым {when} бастап',
  saleEnded: 'Сатылым {when} жабылды',
  active: 'Сатылады',
  cancel: 'Болдырмау',
}
const ch: SessionTexts = {
  copy: '複製',
  copySession: '複製場次 {when}',
  copyPrice: '複製票價 {what}',
  edit: '編輯',
  editSession: '場次 {when}',
  copied: '已複製場次，尚未開賣：請設定日期與時間，再開始販售。',
  priceCopied: '已複製票價。',
  onSale: '販售中',
  offSale: '未販售',
  started: '場次已開始',
  saleFrom: '{when} 起販售',
  saleEnded: '已於 {when} 停售',
  active: '販售',
  cancel: '取消',
}
export const SESSION_TEXTS: Record<Lang, SessionTexts> = { ru, en, kz, ch }
