import type { Buyer } from '../../contract/entities/buyer'
import type { CrmClientData } from '../../contract/entities/crm'
import { formatGiftPhone, isGiftPhoneValid, normalizeFio, normalizeGiftName, RuleError, squeezeSpaces, validateBuyer, type BuyerRuleOptions, type RuleErrorKey } from '../../contract/rules'
import { toE164 } from './phone'

/**
 * The buyer form's state and its mapping to the request (000 §3 "Buyer data", §5). The rules
 * themselves are the contract's (src/contract/rules/buyer.ts); this module only decides which
 * values go where. The seat-map cart uses the same form.
 */
export interface BuyerValues {
  fio: string
  /** General phone as typed (formatted while typing) and its country (ISO 3166 alpha-2). */
  phone: string
  phoneCountry: string
  email: string
  re_email: string
  /** Gift card: surname, name, patronymic, the 'Нет отчества' box and the +7 phone. */
  surname: string
  name: string
  patronymic: string
  noPatronymic: boolean
  giftPhone: string
}

export type BuyerField = 'fio' | 'phone' | 'email' | 're_email' | 'surname' | 'name' | 'patronymic'

export const EMPTY_BUYER: BuyerValues = {
  fio: '',
  phone: '',
  phoneCountry: 'RU',
  email: '',
  re_email: '',
  surname: '',
  name: '',
  patronymic: '',
  noPatronymic: false,
  giftPhone: '',
}

/** Initial values, prefilled from a stored client when one is signed in (000 §3). */
export function initialBuyer(client: CrmClientData | null): BuyerValues {
  if (client === null) return EMPTY_BUYER
  return {
    ...EMPTY_BUYER,
    fio: [client.last_name, client.first_name, client.middle_name].filter((p) => p !== '').join(' '),
    phone: client.phone,
    email: client.email,
    surname: client.last_name,
    name: client.first_name,
    patronymic: client.middle_name,
    // The gift-card phone takes only a number its rule accepts (+7 9…, 11 digits), shown as the
    // mask shows it; any other stored number would be refused there, so the field stays empty.
    giftPhone: isGiftPhoneValid(client.phone) ? formatGiftPhone(client.phone) : '',
  }
}

/** Buyer data as the request carries it: normalised, only the fields of the chosen payment. */
export function toBuyer(v: BuyerValues, opts: BuyerRuleOptions): Buyer {
  const out: Buyer = { phone: '', email: v.email.trim() }
  if (opts.giftCard) {
    out.surname = normalizeGiftName(v.surname)
    out.name = normalizeGiftName(v.name)
    out.patronymic = v.noPatronymic ? '' : normalizeGiftName(v.patronymic)
    out.phone = v.giftPhone.trim()
  } else {
    out.fio = normalizeFio(v.fio)
    out.phone = toE164(v.phone, v.phoneCountry)
  }
  if (opts.mailconfirm) out.re_email = v.re_email.trim()
  return out
}

/** Error key per field (contract rules); fields not listed are valid. */
export function buyerErrors(v: BuyerValues, opts: BuyerRuleOptions): Partial<Record<BuyerField, RuleErrorKey>> {
  // Rules run on what the buyer typed (phone as shown), so the length rule sees their text.
  const raw: Buyer = { ...toBuyer(v, opts), phone: opts.giftCard ? v.giftPhone : v.phone }
  const out: Partial<Record<BuyerField, RuleErrorKey>> = {}
  for (const e of validateBuyer(raw, opts)) out[e.field as BuyerField] ??= e.error
  // The request sends '' both for a ticked 'Нет отчества' and a field left blank, so the server
  // accepts ''; only the form knows which it was: blank without the box is refused (000 §5).
  if (opts.giftCard && !v.noPatronymic && squeezeSpaces(v.patronymic) === '') out.patronymic ??= RuleError.GIFT_PATRONYMIC
  return out
}

/** The fields the form shows for the options, in screen order (for "touch all" on submit). */
export function visibleFields(opts: BuyerRuleOptions, noPatronymic: boolean): BuyerField[] {
  const names: BuyerField[] = opts.giftCard
    ? ['surname', 'name', ...(noPatronymic ? [] : (['patronymic'] as BuyerField[])), 'phone']
    : ['fio', 'phone']
  return [...names, 'email', ...(opts.mailconfirm ? (['re_email'] as BuyerField[]) : [])]
}
