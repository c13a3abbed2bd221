import type { OrderDataResponse } from '../../../../contract/entities/nominal'
import { pickLocalized, type Lang } from '../../../../contract/lang'
import type { FieldError } from '../../../../contract/rules/errors'
import { isNegativeAge, type DraftField, type VisitorDraft } from './form'

/** The fields of one ticket in the order the form shows them: the first refused one is the one named and focused. */
export const DRAFT_FIELDS: readonly DraftField[] = ['surname', 'name', 'middleName', 'age', 'date', 'docTypeId', 'docNum', 'countryId', 'regionId']

export interface ErrorTextContext {
  data: Pick<OrderDataResponse, 'docTypes'>
  lang: Lang
  now: Date
  /** The venue's time zone: "today" for the age is its calendar day. */
  timeZone: string
  t: (key: string) => string
}

/**
 * What a holder's field says when it is refused, in the visitor's (or operator's) language: a
 * birth date after today says so; a document number says its type's own note where the type has
 * one (what the number looks like), else the rule's message. One home for the shop's cards and the
 * console's order care, so both say the same thing for the same entry.
 */
export function visitorErrorText(field: DraftField, draft: VisitorDraft, errors: readonly FieldError[], ctx: ErrorTextContext): string | undefined {
  if (field === 'date' && isNegativeAge(draft.date, ctx.now, ctx.timeZone)) return ctx.t('nominal.negative-age')
  const e = errors.find((x) => x.field === field)
  if (!e) return undefined
  if (field === 'docNum') {
    const type = ctx.data.docTypes.find((d) => d.id === draft.docTypeId)
    const note = type ? pickLocalized(type, 'note', ctx.lang) : ''
    if (note !== '') return note
  }
  return ctx.t(e.error)
}

/** The first refused field of a ticket, in the form's order, with its text; null when the ticket passes. */
export function firstVisitorError(draft: VisitorDraft, errors: readonly FieldError[], ctx: ErrorTextContext): { field: DraftField; text: string } | null {
  for (const field of DRAFT_FIELDS) {
    const text = visitorErrorText(field, draft, errors, ctx)
    if (text !== undefined) return { field, text }
  }
  return null
}
