import { ErrorCode } from '../contract/errors'

/**
 * A failure a handler reports on purpose: answered as `{errorCode, errorText}` with `status`.
 * Anything else thrown is an internal error (-9999, message hidden).
 */
export class ApiFailure extends Error {
  constructor(
    readonly errorCode: string,
    readonly errorText: string,
    readonly status = 400,
  ) {
    super(errorText)
  }
}

export const notFound = (text: string) => new ApiFailure(ErrorCode.NOT_FOUND, text, 404)
export const badRequest = (text: string) => new ApiFailure(ErrorCode.BAD_REQUEST, text, 400)
