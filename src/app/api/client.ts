import { BUYING_CALLS } from '../../contract/calls'
import { ApiCallError, createApiClient, type ApiClient } from '../../contract/client'
import { ADMISSION_HEADER } from '../../contract/entities/queue'
import { ErrorCode } from '../../contract/errors'
import { DEFAULT_LANG, type Lang } from '../../contract/lang'
import { admissionHeader, admissionRefused, calendarOfCall } from '../state/admission'
import { takeEarlyAnswer } from '../boot/earlyAnswers'

let requestLang: Lang = DEFAULT_LANG

/** The language every call asks its answers (and refusals) in; the session store keeps it current. */
export function setRequestLang(lang: Lang): void {
  requestLang = lang
}

/** HTTP status of the waiting room's refusal (src/server/plugins/error-handler.ts, 'queue-required'). */
const QUEUE_REFUSAL_STATUS = 403

const client = createApiClient({
  baseUrl: '',
  // The scheme page's first calls, sent by the entry before the app loaded (boot/earlyAnswers.ts).
  early: takeEarlyAnswer,
  lang: () => requestLang,
  // Buying calls carry the waiting-room admission token of their session (issue 18.5; a
  // general-admission order, naming sessions by day and time, all held); others carry none.
  headers: (name, body) => {
    if (!BUYING_CALLS.has(name)) return undefined
    const header = admissionHeader(Date.now(), calendarOfCall(body))
    return header ? { [ADMISSION_HEADER]: header } : undefined
  },
})

/**
 * The app's one API client. Same origin: the server serves the built app and /api together
 * (vite's dev server proxies /api). The contract client handles the CSRF token and parses
 * every answer with the call's schema, so screens only ever see parsed shapes. A buying call
 * refused by a waiting room (403, -9998) sends the page's waiting gate back to the queue; the
 * screen still shows the refusal's text.
 */
export const api: ApiClient = {
  ...client,
  call: async (name, body, params) => {
    try {
      return await client.call(name, body, params)
    } catch (e) {
      if (BUYING_CALLS.has(name) && e instanceof ApiCallError && e.status === QUEUE_REFUSAL_STATUS && e.errorCode === ErrorCode.LIMIT) admissionRefused()
      throw e
    }
  },
}
