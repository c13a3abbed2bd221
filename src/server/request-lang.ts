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

/**
 * The console caller's stored language, as requestLang reads it: the operator's (operators.lang,
 * set in the console), an API token's its maker's (admin/auth.ts). Structural, so this file needs
 * nothing of admin/ (admin/context.ts Actor fits it).
 */
interface LangKeeper {
  actor?: { lang?: string } | null
}

/**
 * The language of a request's answers: its `lang` (query, then body: plugins/error-handler.ts); without one, a console
 * caller's stored language (the admin guard sets request.actor before the body is read, so a
 * refused body answers in it too); ru by default (001 §9).
 */
export function requestLang(request: Pick<FastifyRequest, 'apiLang' | 'query'> & LangKeeper): Lang {
  return request.apiLang ?? langIn(request.query) ?? langOf(request.actor?.lang)
}
