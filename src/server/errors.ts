import type { Lang } from '../contract/lang'
import { messageText, REASONS, type MessageParams, type Reason } from './messages'

/**
 * A refusal a handler reports on purpose, by reason (messages/reasons.ts): answered as
 * `{errorCode, errorText}` with the reason's code and HTTP status, the text in the request's
 * language (plugins/error-handler.ts). `message` is the English text, for the log. Anything
 * else thrown is an internal error (-9999, message hidden).
 */
export class ApiFailure extends Error {
  readonly errorCode: string
  readonly status: number

  constructor(
    readonly reason: Reason,
    readonly params: MessageParams = {},
  ) {
    super(messageText(reason, 'en', params))
    this.name = 'ApiFailure'
    this.errorCode = REASONS[reason].code
    this.status = REASONS[reason].status
  }

  /** The visitor's text in `lang`. */
  textIn(lang: Lang): string {
    return messageText(this.reason, lang, this.params)
  }
}
