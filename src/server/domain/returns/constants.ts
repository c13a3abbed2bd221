import { REFUND_LINK_HOURS } from '../../../contract/constants'

/**
 * Tuning numbers of ticket returns. The spec gives the link's life (24 h, 001 §9) and
 * hash_conf's minimum length (more than 5 characters); the rest are our choices.
 */

/** Minutes before a session starts when its returns close, for events without their own rule. */
export const DEFAULT_RETURN_CLOSE_MINUTES = 180
/**
 * Random bytes of a hash_conf: 24 bytes = 32 base64url characters (192 bits), far above the
 * spec's "longer than 5 characters" so links cannot be guessed.
 */
export const HASH_CONF_BYTES = 24
/** The e-mailed confirmation link stays valid this long (001 §9: 24 hours). */
export const REFUND_LINK_MS = REFUND_LINK_HOURS * 3_600_000
/**
 * return_requests.status of a request that can no longer be confirmed: its link expired unused,
 * or it was withdrawn because its mail was not sent. Our code; 60/70/80 are the spec's.
 */
export const REQUEST_STATUS_EXPIRED = 90
/**
 * return_requests.status of a request withdrawn because a line's return deadline passed before
 * anyone confirmed it (returns/sweep.ts, or the confirm's refusal). Kept apart from 90 so the
 * return page can tell the link's visitor why: those tickets can no longer be returned at all,
 * where an expired link only needs a new request. Our code. Requests withdrawn so before this
 * code existed stay 90.
 */
export const REQUEST_STATUS_LATE = 91
/**
 * return_requests.status of a request withdrawn at its confirmation because one of its tickets
 * had been admitted at the door meanwhile (a counted valid entry: repository.ts usedLineIds): a
 * ticket already used is not returned online. Its other lines are returnable again. Our code.
 */
export const REQUEST_STATUS_USED = 92
/**
 * return_requests.status of a request withdrawn because order care refunded some of its tickets
 * while it waited (care/refund.ts): its link answers 'return-link-refunded', its other lines are
 * returnable again. Our code.
 */
export const REQUEST_STATUS_REFUNDED = 93
/** The statuses a waiting request is withdrawn as (repository.ts withdrawReturnRequest). */
export type WithdrawnStatus = typeof REQUEST_STATUS_EXPIRED | typeof REQUEST_STATUS_LATE | typeof REQUEST_STATUS_USED | typeof REQUEST_STATUS_REFUNDED
/**
 * How often the cluster's leader sweeps return requests (returns/sweep.ts): a request past its
 * return deadline stops showing as waiting within this long of it (the return page and the
 * create call sweep their order at once). Deadlines are whole minutes before a session.
 */
export const RETURN_SWEEP_INTERVAL_MS = 60_000
/** Client route of the return page (001 §2). */
export const RETURN_ROUTE = '/order/return/'
/** Milliseconds per second and per minute. */
export const MS_PER_S = 1000
export const MS_PER_MIN = 60_000
