import { ApiCallError } from '../../../../contract/client'

/**
 * How an order action (useOrderAction) ended: `done`; `refused` by the server (its text shown in
 * the error modal); `unreachable`, no answer came (network down, server gone: only logged by the
 * action itself, so a screen that keeps what the visitor typed says so by the field); `skipped`,
 * not run because another action was running.
 */
export type ActionOutcome = 'done' | 'refused' | 'unreachable' | 'skipped'

/** The kind of an order action's failure: an answer of the server (HTTP status), or none. */
export function failureOutcome(e: unknown): 'refused' | 'unreachable' {
  return e instanceof ApiCallError && e.status !== 0 ? 'refused' : 'unreachable'
}
