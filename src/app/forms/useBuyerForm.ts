import { useCallback, useMemo, useState } from 'react'
import type { BuyerRuleOptions, RuleErrorKey } from '../../contract/rules'
import { useRemembered } from '../state/remembered'
import { useSession } from '../state/session'
import { buyerErrors, EMPTY_BUYER, initialBuyer, toBuyer, visibleFields, type BuyerField, type BuyerValues } from './buyerModel'

/**
 * State of the buyer form: values, which fields were touched, and the contract's verdict.
 * Field errors are exposed for touched fields only; `invalid` drives the errors.required-all
 * notice, which shows whenever the data is not valid (000 §5).
 */
export interface BuyerForm {
  values: BuyerValues
  set: (patch: Partial<BuyerValues>) => void
  touch: (field: BuyerField) => void
  /** Marks every visible field touched (on submit) and answers whether all are valid. */
  touchAll: () => boolean
  /** Error key of a field when it was touched. */
  errorOf: (field: BuyerField) => RuleErrorKey | undefined
  invalid: boolean
  /** First visible field with an error (to focus on a refused submit). */
  firstInvalid: BuyerField | undefined
  /** The request's buyer data. */
  buyer: () => ReturnType<typeof toBuyer>
}

function isBuyerValues(v: unknown): v is BuyerValues {
  if (typeof v !== 'object' || v === null) return false
  const o = v as Record<string, unknown>
  return (Object.keys(EMPTY_BUYER) as (keyof BuyerValues)[]).every((k) => typeof o[k] === typeof EMPTY_BUYER[k])
}

function sameValues(a: BuyerValues, b: BuyerValues): boolean {
  return (Object.keys(a) as (keyof BuyerValues)[]).every((k) => a[k] === b[k])
}

export function useBuyerForm(opts: BuyerRuleOptions): BuyerForm {
  const client = useSession((s) => s.crmClient?.data ?? null)
  // Remembered in this tab: reading the rules or going back never loses what was typed.
  const [values, setValues] = useRemembered<BuyerValues>('buyer', () => initialBuyer(client), isBuyerValues)
  const [touched, setTouched] = useState<ReadonlySet<BuyerField>>(() => new Set())
  // The CRM sign-in may finish after the form exists: prefill then, unless the buyer has typed.
  const [prefilledFor, setPrefilledFor] = useState(client)
  if (client !== prefilledFor) {
    setPrefilledFor(client)
    if (client !== null && touched.size === 0 && sameValues(values, EMPTY_BUYER)) setValues(initialBuyer(client))
  }
  const errors = useMemo(() => buyerErrors(values, opts), [values, opts])
  const fields = useMemo(() => visibleFields(opts, values.noPatronymic), [opts, values.noPatronymic])

  const set = useCallback((patch: Partial<BuyerValues>) => setValues((v) => ({ ...v, ...patch })), [setValues])
  const touch = useCallback((field: BuyerField) => setTouched((s) => (s.has(field) ? s : new Set([...s, field]))), [])
  const touchAll = useCallback(() => {
    setTouched(new Set(fields))
    return fields.every((f) => errors[f] === undefined)
  }, [fields, errors])

  return {
    values,
    set,
    touch,
    touchAll,
    errorOf: (field) => (touched.has(field) ? errors[field] : undefined),
    invalid: fields.some((f) => errors[f] !== undefined),
    firstInvalid: fields.find((f) => errors[f] !== undefined),
    buyer: () => toBuyer(values, opts),
  }
}
