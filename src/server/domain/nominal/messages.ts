import type { FieldError } from '../../../contract/rules/errors'
import type { Lang } from '../../../contract/lang'

/**
 * Texts of /api/confirm-nominal refusals, shown as is in the page's modal. Russian for ru and
 * kz visitors (the venues' working language), English for the others.
 */
type Texts = {
  fields: Record<string, string>
  ticket: (n: number, fields: string) => string
  columns: string
  tickets: string
  consent: string
  notFound: string
  confirmed: string
  cancelled: string
  expired: string
}

const RU: Texts = {
  fields: {
    surname: 'фамилия', name: 'имя', middleName: 'отчество', age: 'возраст', date: 'дата рождения',
    docTypeId: 'тип документа', docNum: 'номер документа', countryId: 'страна', regionId: 'регион',
  },
  ticket: (n, fields) => `Билет ${n}: проверьте поля — ${fields}`,
  columns: 'Данные посетителей повреждены: у каждого билета должны быть все поля',
  tickets: 'Список билетов не совпадает с заказом: обновите страницу',
  consent: 'Отметьте обязательные согласия',
  notFound: 'Заказ не найден или удалён',
  confirmed: 'Заказ уже подтверждён: данные посетителей изменить нельзя',
  cancelled: 'Заказ отменён',
  expired: 'Время брони истекло: заказ снят с брони',
}

const EN: Texts = {
  fields: {
    surname: 'surname', name: 'name', middleName: 'middle name', age: 'age', date: 'birth date',
    docTypeId: 'document type', docNum: 'document number', countryId: 'country', regionId: 'region',
  },
  ticket: (n, fields) => `Ticket ${n}: check these fields — ${fields}`,
  columns: 'The visitor data is malformed: every ticket needs every field',
  tickets: 'The tickets sent do not match the order: reload the page',
  consent: 'Tick the required consents',
  notFound: 'The order does not exist or was deleted',
  confirmed: 'The order is already confirmed: its visitor data can no longer change',
  cancelled: 'The order was cancelled',
  expired: 'The reservation time is over: the order was released',
}

export function nominalTexts(lang: Lang): Texts {
  return lang === 'ru' || lang === 'kz' ? RU : EN
}

/** "Ticket 2: check these fields — surname, document number". */
export function ticketErrorText(lang: Lang, ticketNumber: number, errors: readonly FieldError[]): string {
  const t = nominalTexts(lang)
  return t.ticket(ticketNumber, errors.map((e) => t.fields[e.field] ?? e.field).join(', '))
}
