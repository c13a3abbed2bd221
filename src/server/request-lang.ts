import type { FastifyRequest } from 'fastify'
import { isLang, type Lang } from '../contract/lang'
import { langOf } from './messages'

/**
 * The language a request asked for, in one place for the error handler (plugins/error-handler.ts,
 * which reads it before validation into request.apiLang) and for handlers that word their own
 * answers (the console's printed places): kept out of plugins/ so that admin/ can use it without
 * an import cycle (plugins register admin's routes).
 */
export function langIn(value: unknown): Lang | null {
  if (typeof value !== 'object' || value === null || !('lang' in value)) return null
  const lang = (value as { lang: unknown }).lang
  return isLang(lang) ? lang : null
}

/** The language of a request's answers: its `lang` (body, then query), ru by default (001 §9). */
export function requestLang(request: Pick<FastifyRequest, 'apiLang' | 'query'>): Lang {
  return request.apiLang ?? langOf(langIn(request.query))
}
