import type { Lang } from '../contract/lang'
import { messageText, REASONS, type MessageParams, type Reason } from './messages'

/**
 * A refusal the domain reports on purpose, by reason (messages/reasons.ts): answered as
 * `{errorCode, errorText}` with the reason's code, the text in the request's language, and the
 * HTTP status the error handler's table gives the reason (plugins/error-handler.ts): the domain
 * knows nothing of HTTP. `message` is the English text, for the log. Anything else thrown is an
 * internal error (-9999, message hidden).
 */
export class ApiFailure extends Error {
  readonly errorCode: string

  constructor(
    readonly reason: Reason,
    readonly params: MessageParams = {},
    /**
     * Fields the answer carries beside errorCode and errorText, for a client that acts on them
     * (a confirmation stating the counts, admin/catalogue/sessions.ts): the text says the same
     * in words, these say it to a program.
     */
    readonly details: Readonly<Record<string, number | string | boolean>> = {},
  ) {
    super(messageText(reason, 'en', params))
    this.name = 'ApiFailure'
    this.errorCode = REASONS[reason]
  }

  /** The visitor's text in `lang`. */
  textIn(lang: Lang): string {
    return messageText(this.reason, lang, this.params)
  }
}
