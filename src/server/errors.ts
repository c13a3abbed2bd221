import type { Lang } from '../contract/lang'
import { messageText, REASONS, type MessageParams, type Reason } from './messages'
import { ADMIN_ENTITIES, type NotFoundParams } from './messages/admin-entities'

type Details = Readonly<Record<string, number | string | boolean>>

/**
 * A refusal the domain reports on purpose, by reason (messages/reasons.ts): answered as
 * `{errorCode, errorText}` with the reason's code, the text in the request's language, and the
 * HTTP status the error handler's table gives the reason (plugins/error-handler.ts): the domain
 * knows nothing of HTTP. `message` is the English text, for the log. Anything else thrown is an
 * internal error (-9999, message hidden).
 */
export class ApiFailure extends Error {
  readonly errorCode: string
  readonly params: MessageParams

  /**
   * 'admin-not-found' names what was missing by a key of messages/admin-entities.ts (a typed,
   * closed set: a word of our code would reach the operator untranslated), turned here into its
   * name in every language.
   */
  constructor(reason: 'admin-not-found', params: NotFoundParams, details?: Details)
  constructor(reason: Exclude<Reason, 'admin-not-found'>, params?: MessageParams, details?: Details)
  constructor(
    readonly reason: Reason,
    params: MessageParams = {},
    /**
     * Fields the answer carries beside errorCode and errorText, for a client that acts on them
     * (a confirmation stating the counts, admin/catalogue/sessions.ts): the text says the same
     * in words, these say it to a program.
     */
    readonly details: Details = {},
  ) {
    const words = reason === 'admin-not-found' ? { ...params, what: ADMIN_ENTITIES[(params as NotFoundParams).what] } : params
    super(messageText(reason, 'en', words))
    this.params = words
    this.name = 'ApiFailure'
    this.errorCode = REASONS[reason]
  }

  /** The visitor's text in `lang`. */
  textIn(lang: Lang): string {
    return messageText(this.reason, lang, this.params)
  }
}
