import { z } from 'zod'

/**
 * A call of the storefront API: its method, its path exactly as the spec names it, and the zod
 * schemas of its request and its successful answer. The server validates every request with
 * `request` (and path parameters with `params`); the client parses every answer with `response`.
 * OpenAPI at /api/docs is generated from the same objects.
 *
 * Errors are not part of `response`: any call may answer `ApiError` instead (errorCode other
 * than '0'), which the client checks before parsing the success shape.
 */
export interface CallDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'GET' | 'POST'
  /** Path as Fastify writes it: `/api/order/return/:hash` for the spec's /api/order/return/{hash}. */
  path: string
  /** One line for the OpenAPI summary. */
  summary: string
  /** Longer notes: where the spec is silent and the payload is our design, it is written here. */
  description?: string
  /** Body schema for POST; query schema for GET (z.object({}) when there is none). */
  request: Req
  params?: Params
  response: Res
}

/** Query of GET calls that take none. */
export const noQuery = z.object({})

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  def: CallDef<Req, Res, Params>,
): CallDef<Req, Res, Params> {
  return def
}

export type CallRequest<C extends CallDef> = z.input<C['request']>
export type CallResponse<C extends CallDef> = z.output<C['response']>
