import type { Lang } from '../../../contract/lang'

/**
 * Texts of the e-mails, per interface language (001 §9: ru, en, kz, ch). `{n}` is the order
 * number, `{sum}` an amount, `{hours}` the link's life.
 */
export interface MailTexts {
  returnSubject: string
  returnIntro: string
  returnTickets: string
  returnSum: string
  /** Bonuses spent on the returned tickets that go back to the buyer's card: {bonuses}. */
  returnBonuses: string
  returnAction: string
  returnValidity: string
  returnIgnore: string
  paidSubject: string
  paidIntro: string
  paidTickets: string
  paidSum: string
  paidOrderLink: string
  /** A session moved by the venue (sessionMoveMail): {event}, {n}, {from} and {to} (date and time). */
  movedSubject: string
  movedIntro: string
  movedFrom: string
  movedTo: string
  movedValid: string
  /** A session cancelled by the venue, its tickets refunded (sessionCancelMail): {event}, {n}, {when} (date and time), {sum}. */
  cancelledSubject: string
  cancelledIntro: string
  cancelledRefund: string
  /** The refund of a box-office cash or terminal sale: paid back at the box office, not to a card. */
  cancelledRefundDesk: string
  cancelledOrder: string
  signature: string
  /** What ends a heading that a list follows ("Your tickets:"): full-width in Chinese. */
  colon: string
}

export const MAIL_TEXTS: Record<Lang, MailTexts> = {
  ru: {
    returnSubject: 'Подтверждение возврата билетов по заказу №{n}',
    returnIntro: 'Вы оформили заявку на возврат билетов по заказу №{n}.',
    returnTickets: 'Билеты к возврату',
    returnSum: 'Сумма к возврату: {sum}',
    returnBonuses: 'Бонусов вернётся на карту: {bonuses}',
    returnAction: 'Чтобы подтвердить возврат, откройте ссылку:',
    returnValidity: 'Ссылка действует {hours} часа и только один раз.',
    returnIgnore: 'Если вы не оформляли возврат, просто проигнорируйте это письмо.',
    paidSubject: 'Ваши билеты по заказу №{n}',
    paidIntro: 'Заказ №{n} оплачен. Спасибо за покупку!',
    paidTickets: 'Ваши билеты',
    paidSum: 'Сумма заказа: {sum}',
    paidOrderLink: 'Заказ целиком:',
    movedSubject: 'Сеанс перенесён: {event} (заказ №{n})',
    movedIntro: 'Организатор перенёс сеанс «{event}», на который у вас билеты по заказу №{n}.',
    movedFrom: 'Было: {from}',
    movedTo: 'Стало: {to}',
    movedValid: 'Ваши билеты действуют на новую дату и время. Заказ:',
    cancelledSubject: 'Сеанс отменён: {event} (заказ №{n})',
    cancelledIntro: 'Организатор отменил сеанс «{event}» {when}, на который у вас билеты по заказу №{n}. Билеты этого сеанса больше не действуют.',
    cancelledRefund: 'Мы вернули вам {sum}: деньги придут на карту, которой вы платили.',
    cancelledRefundDesk: 'Вам причитается возврат {sum}: билеты куплены в кассе, получите деньги там же, назвав номер заказа.',
    cancelledOrder: 'Заказ:',
    signature: 'Билетная касса',
    colon: ':',
  },
  en: {
    returnSubject: 'Confirm the ticket return for order No. {n}',
    returnIntro: 'You asked to return tickets of order No. {n}.',
    returnTickets: 'Tickets to return',
    returnSum: 'Refund amount: {sum}',
    returnBonuses: 'Bonuses back to your card: {bonuses}',
    returnAction: 'To confirm the return, open this link:',
    returnValidity: 'The link works for {hours} hours and only once.',
    returnIgnore: 'If you did not ask for a return, ignore this e-mail.',
    paidSubject: 'Your tickets for order No. {n}',
    paidIntro: 'Order No. {n} is paid. Thank you for your purchase!',
    paidTickets: 'Your tickets',
    paidSum: 'Order total: {sum}',
    paidOrderLink: 'The whole order:',
    movedSubject: 'Session moved: {event} (order No. {n})',
    movedIntro: 'The organiser has moved the session of “{event}” that your order No. {n} has tickets for.',
    movedFrom: 'Was: {from}',
    movedTo: 'Now: {to}',
    movedValid: 'Your tickets are valid for the new date and time. Your order:',
    cancelledSubject: 'Session cancelled: {event} (order No. {n})',
    cancelledIntro: 'The organiser has cancelled the session of “{event}” on {when} that your order No. {n} has tickets for. Its tickets are no longer valid.',
    cancelledRefund: 'We have refunded {sum} to you: the money goes back to the card you paid with.',
    cancelledRefundDesk: '{sum} is due back to you: the tickets were bought at the box office, where you can collect it with your order number.',
    cancelledOrder: 'Your order:',
    signature: 'Box office',
    colon: ':',
  },
  kz: {
    returnSubject: '№{n} тапсырыс бойынша билеттерді қайтаруды растау',
    returnIntro: 'Сіз №{n} тапсырыс бойынша билеттерді қайтаруға өтінім бердіңіз.',
    returnTickets: 'Қайтарылатын билеттер',
    returnSum: 'Қайтарылатын сома: {sum}',
    returnBonuses: 'Картаңызға қайтарылатын бонустар: {bonuses}',
    returnAction: 'Қайтаруды растау үшін сілтемені ашыңыз:',
    returnValidity: 'Сілтеме {hours} сағат және тек бір рет жарамды.',
    returnIgnore: 'Егер сіз қайтаруды сұрамасаңыз, бұл хатты елемеңіз.',
    paidSubject: '№{n} тапсырыс бойынша билеттеріңіз',
    paidIntro: '№{n} тапсырыс төленді. Сатып алғаныңызға рахмет!',
    paidTickets: 'Сіздің билеттеріңіз',
    paidSum: 'Тапсырыс сомасы: {sum}',
    paidOrderLink: 'Толық тапсырыс:',
    movedSubject: 'Сеанс ауыстырылды: {event} (№{n} тапсырыс)',
    movedIntro: 'Ұйымдастырушы №{n} тапсырыс бойынша билеттеріңіз бар «{event}» сеансын ауыстырды.',
    movedFrom: 'Бұрын: {from}',
    movedTo: 'Енді: {to}',
    movedValid: 'Билеттеріңіз жаңа күн мен уақытқа жарамды. Тапсырыс:',
    cancelledSubject: 'Сеанс тоқтатылды: {event} (№{n} тапсырыс)',
    cancelledIntro: 'Ұйымдастырушы №{n} тапсырыс бойынша билеттеріңіз бар «{event}» сеансын ({when}) тоқтатты. Бұл сеанстың билеттері енді жарамсыз.',
    cancelledRefund: 'Сізге {sum} қайтардық: ақша төлеген картаңызға түседі.',
    cancelledRefundDesk: 'Сізге {sum} қайтарылуы тиіс: билеттер кассадан сатып алынған, ақшаны сол жерден тапсырыс нөмірін айтып алыңыз.',
    cancelledOrder: 'Тапсырыс:',
    signature: 'Билет кассасы',
    colon: ':',
  },
  ch: {
    returnSubject: '確認訂單 {n} 的退票',
    returnIntro: '您已申請退還訂單 {n} 的門票。',
    returnTickets: '待退門票',
    returnSum: '退款金額：{sum}',
    returnBonuses: '退回您卡中的積分：{bonuses}',
    returnAction: '請打開以下連結確認退票：',
    returnValidity: '連結在 {hours} 小時內有效，且只能使用一次。',
    returnIgnore: '如果您沒有申請退票，請忽略此郵件。',
    paidSubject: '訂單 {n} 的門票',
    paidIntro: '訂單 {n} 已付款。感謝您的購買！',
    paidTickets: '您的門票',
    paidSum: '訂單金額：{sum}',
    paidOrderLink: '完整訂單：',
    movedSubject: '場次時間已更改：{event}（訂單 {n}）',
    movedIntro: '主辦方已更改「{event}」場次的時間，您的訂單 {n} 持有該場次的門票。',
    movedFrom: '原時間：{from}',
    movedTo: '新時間：{to}',
    movedValid: '您的門票在新的日期與時間有效。您的訂單：',
    cancelledSubject: '場次已取消：{event}（訂單 {n}）',
    cancelledIntro: '主辦方已取消「{event}」{when} 的場次，您的訂單 {n} 持有該場次的門票。這些門票已失效。',
    cancelledRefund: '我們已退款 {sum}：款項將退回您付款所用的卡。',
    cancelledRefundDesk: '您應獲退款 {sum}：門票於售票處購買，請憑訂單號碼到售票處領取。',
    cancelledOrder: '您的訂單：',
    signature: '售票處',
    colon: '：',
  },
}

/** Fills `{key}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m))
}
