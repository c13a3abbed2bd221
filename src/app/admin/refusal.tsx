import { useCallback, useState, type FormEvent } from 'react'
import { AdminApiError } from './api'
import { ErrorNote } from './shell'

/**
 * A blank field as the contract should see it: null, so its check says "required" instead of
 * "a number is needed" (NaN) or letting Number('') pass as 0. Any other text goes through `parse`.
 */
export function typedOrNull<T>(text: string, parse: (text: string) => T): T | null {
  return text.trim() === '' ? null : parse(text)
}

/** A form's own check: its first refusal in the console's words and the refused control's name (firstIssue's error and field). */
export interface Check {
  error: string | null
  field: string | null
}

/** What `marks` gives a control: while it is the refused one, aria-invalid and aria-describedby naming the note. */
export type Marks = { 'aria-invalid'?: boolean; 'aria-describedby'?: string }

/**
 * What a console form's own check refused, said in the form itself. The forms are noValidate: the
 * browser's required/min/type bubbles speak the browser's language, not the console's. `refuse`
 * keeps the refusal of the form called `form` (a screen may hold several) and moves the focus to
 * the control named by the check; `note(form)` is that form's ErrorNote, set first in the form so
 * it shows beside the field on a phone (a screen's own note at its top is out of sight from a form
 * below); `marks(form, name)` gives the refused control aria-invalid and aria-describedby to it.
 */
export function useRefusal(idPrefix: string) {
  const [refusal, setRefusal] = useState<{ form: string; field: string; text: string } | null>(null)
  const noteId = (form: string) => `${idPrefix}-${form}-error`
  /**
   * True when the check refused (the form then sends nothing); a passed check clears the refusal.
   * A server's refusal of one field comes after the submit's event is spent (its currentTarget is
   * null by then): it is said with the form element kept from that event.
   */
  const refuse = (e: FormEvent<HTMLFormElement> | HTMLFormElement, form: string, check: Check): boolean => {
    if (check.error === null) {
      setRefusal(null)
      return false
    }
    const field = check.field ?? ''
    setRefusal({ form, field, text: check.error })
    const control = (e instanceof HTMLFormElement ? e : e.currentTarget).elements.namedItem(field)
    if (control instanceof HTMLElement) control.focus()
    return true
  }
  const marks = (form: string, name: string): Marks => (refusal?.form === form && refusal.field === name ? { 'aria-invalid': true, 'aria-describedby': noteId(form) } : {})
  const note = (form: string) => <ErrorNote error={refusal?.form === form ? refusal.text : null} id={noteId(form)} />
  /** Drops the refusal: what it named is gone (a screen switched to another session's form). Stable, like a state setter. */
  const clear = useCallback(() => setRefusal(null), [])
  /**
   * A server's refusal of one field (its answer's errorCode is `code`: a taken e-mail or code, an
   * unknown card) said on that field, as the form's own check is; false for any other error, which
   * the caller says where it says the rest.
   */
  const refuseAnswer = (err: unknown, el: HTMLFormElement, form: string, field: string, code: string): boolean => {
    if (!(err instanceof AdminApiError) || err.errorCode !== code) return false
    refuse(el, form, { error: err.message, field })
    return true
  }
  return { refuse, marks, note, clear, refuseAnswer }
}
/** A screen's refusals, handed to a part of it that has forms of its own (one refusal at a time on a screen). */
export type Refusal = ReturnType<typeof useRefusal>
