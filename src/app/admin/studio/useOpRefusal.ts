import type { FormEvent } from 'react'
import { studioOpSchema } from '../../../contract/admin/studio'
import type { Lang } from '../../../contract/lang'
import { firstIssue } from '../issueTexts'
import { useRefusal } from '../refusal'
import type { StudioController } from './StudioController'

/**
 * The studio's small forms (a zone, a sector's or row's name, a split, a capacity) checked by the
 * contract's studioOpSchema before their edit is queued, not by the browser's bubbles in the
 * browser's language (the forms are noValidate): the first refusal is said in that form, on the
 * field (refusal.tsx; each control is named by its key in the op). A blank text or number goes as
 * null (typedOrNull), so it is said as "required".
 */
export function useOpRefusal(idPrefix: string, controller: StudioController, lang: Lang) {
  const refusal = useRefusal(idPrefix)
  /** Queues `op` if it passes, else says why in the form `form` (labels by the op's keys); true when queued. */
  const queue = (e: FormEvent<HTMLFormElement>, form: string, op: Record<string, unknown>, labels: Record<string, string>): boolean => {
    e.preventDefault()
    const checked = firstIssue(studioOpSchema, op, lang, { label: (key) => labels[key.split('.')[0]] ?? key })
    // A list's item ("rows.2") is said on the list's control.
    if (refusal.refuse(e, form, checked.error === null ? checked : { error: checked.error, field: checked.field.split('.')[0] }) || checked.data === null) return false
    controller.queue(checked.data)
    return true
  }
  return { ...refusal, queue }
}
export type OpRefusal = ReturnType<typeof useOpRefusal>
