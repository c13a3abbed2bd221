import type { CheckboxAnswer, CheckboxItem } from '../../contract/entities/common'

/**
 * The agreements checkbox list shown with an order form (000 §3 checkboxList, §5: "the order is
 * not sent unless the agreements checkbox list passes"): every item with filling = 1 must be
 * ticked.
 */
export type AgreementState = Readonly<Record<number, boolean>>

export function agreementsPass(items: readonly CheckboxItem[], checked: AgreementState): boolean {
  return items.every((item) => item.filling !== 1 || checked[item.id] === true)
}

/** Required items still unticked (their ids). */
export function missingAgreements(items: readonly CheckboxItem[], checked: AgreementState): number[] {
  return items.filter((item) => item.filling === 1 && checked[item.id] !== true).map((item) => item.id)
}

/** The checkboxList of the request: every item with checked 0 or 1. */
export function agreementAnswers(items: readonly CheckboxItem[], checked: AgreementState): CheckboxAnswer[] {
  return items.map((item) => ({ id: item.id, checked: checked[item.id] === true ? 1 : 0 }))
}
