import type { Lang } from '../../../contract/lang'

/**
 * Words of the shop setup screen's loyalty card section (LoyaltyCardBlock.tsx: find a card by its
 * code, block or unblock it) in ru, en, kz and ch. {n} is a count, {code} a card's code.
 */
const ru = {
  title: 'Блокировка карты лояльности',
  note: 'Найдите карту по её коду. Заблокированная карта не тратит и не получает бонусов.',
  ownerOnly: 'Блокировать карты может только владелец.',
  code: 'Код карты',
  find: 'Найти',
  cardOf: 'Карта {code}',
  client: 'Клиент',
  noClient: 'нет клиента CRM',
  balance: 'Бонусов на карте',
  state: 'Состояние',
  blocked: 'Заблокирована',
  active: 'Действует',
  unpaid: 'Неоплаченных заказов с её бонусами',
  blockEffect: 'При блокировке бонусы, применённые картой к неоплаченным заказам ({n}), вернутся на карту; эти заказы снова будут стоить полную сумму, начатые по ним оплаты отменятся.',
  unblockEffect: 'После разблокировки карта снова тратит и получает бонусы; к заказам ничего не применяется заново.',
  block: 'Заблокировать карту',
  unblock: 'Разблокировать карту',
  blockedDone: 'Карта {code} заблокирована',
  unblockedDone: 'Карта {code} разблокирована',
}
export type CardTexts = typeof ru

const en: CardTexts = {
  title: 'Block a loyalty card',
  note: 'Find a card by its code. A blocked card spends and earns no bonuses.',
  ownerOnly: 'Only the owner may block cards.',
  code: 'Card code',
  find: 'Find',
  cardOf: 'Card {code}',
  client: 'Client',
  noClient: 'no CRM client',
  balance: 'Bonus balance',
  state: 'State',
  blocked: 'Blocked',
  active: 'Active',
  unpaid: 'Unpaid orders holding its bonuses',
  blockEffect: 'Blocking it: the bonuses it applied to unpaid orders ({n}) go back to the card; those orders cost their full amount again and their pending payments are cancelled.',
  unblockEffect: 'Unblocked, the card spends and earns bonuses again; nothing is applied to orders again.',
  block: 'Block card',
  unblock: 'Unblock card',
  blockedDone: 'Card {code} blocked',
  unblockedDone: 'Card {code} unblocked',
}

const kz: CardTexts = {
  title: 'Адалдық картасын бұғаттау',
  note: 'Картаны оның коды бойынша табыңыз. Бұғатталған карта бонус жұмсамайды және алмайды.',
  ownerOnly: 'Карталарды тек иесі бұғаттай алады.',
  code: 'Карта коды',
  find: 'Табу',
  cardOf: '{code} картасы',
  client: 'Клиент',
  noClient: 'CRM клиенті жоқ',
  balance: 'Картадағы бонустар',
  state: 'Күйі',
  blocked: 'Бұғатталған',
  active: 'Белсенді',
  unpaid: 'Оның бонустары қолданылған төленбеген тапсырыстар',
  blockEffect: 'Бұғаттағанда карта төленбеген тапсырыстарға ({n}) қолданған бонустар картаға қайтады; ол тапсырыстар қайтадан толық сомаға тұрады, басталған төлемдері жойылады.',
  unblockEffect: 'Бұғаттан шығарылған карта қайтадан бонус жұмсайды және алады; тапсырыстарға ештеңе қайта қолданылмайды.',
  block: 'Картаны бұғаттау',
  unblock: 'Картаны бұғаттан шығару',
  blockedDone: '{code} картасы бұғатталды',
  unblockedDone: '{code} картасы бұғаттан шығарылды',
}

const ch: CardTexts = {
  title: '封鎖會員卡',
  note: '依卡號尋找會員卡。被封鎖的卡不能使用積分，也不會獲得積分。',
  ownerOnly: '只有擁有者可以封鎖會員卡。',
  code: '卡號',
  find: '尋找',
  cardOf: '會員卡 {code}',
  client: '客戶',
  noClient: '無 CRM 客戶',
  balance: '積分餘額',
  state: '狀態',
  blocked: '已封鎖',
  active: '有效',
  unpaid: '使用其積分的未付款訂單',
  blockEffect: '封鎖後，此卡用於未付款訂單（{n}）的積分退回卡上；這些訂單恢復全額，進行中的付款將被取消。',
  unblockEffect: '解除封鎖後，此卡可再使用與獲得積分；不會重新套用到訂單。',
  block: '封鎖會員卡',
  unblock: '解除封鎖',
  blockedDone: '會員卡 {code} 已封鎖',
  unblockedDone: '會員卡 {code} 已解除封鎖',
}

export const CARD_TEXTS: Record<Lang, CardTexts> = { ru, en, kz, ch }
