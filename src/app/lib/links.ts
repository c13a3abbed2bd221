import { DEFAULT_LANG, LANG_PARAM, isLang, setLangParam, type Lang } from '../../contract/langCodes'

/**
 * In-app links keep two query parameters across navigation (document 001 §2): `lang`, omitted
 * when it is the default language, and `sub` (subscriptions flag), kept only when it is '1'.
 * Every in-app link is built here so no screen forgets one of them.
 */
export interface LinkContext {
  lang: Lang
  /** True when the current URL carries sub=1. */
  sub: boolean
}

/** The value `sub` must have to count as set. */
export const SUB_FLAG = '1'

/**
 * The engineers' map-source switch (`?mapSource=json`, the benchmarks' baseline). A route that
 * rewrites itself (date and time resolved against the calendar) keeps it, or a page opened with it
 * would fall back to the default source once its session is chosen.
 */
export const MAP_SOURCE_PARAM = 'mapSource'

/** Extra query values for one link; undefined and '' are dropped. */
export type ExtraQuery = Record<string, string | number | undefined>

/** Builds `path?lang=…&sub=1&…` keeping the order lang, sub, extras. */
export function buildLink(path: string, ctx: LinkContext, extra: ExtraQuery = {}): string {
  const params = new URLSearchParams()
  setLangParam(params, ctx.lang)
  if (ctx.sub) params.set('sub', SUB_FLAG)
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined || value === '') continue
    params.set(key, String(value))
  }
  const query = params.toString()
  return query === '' ? path : `${path}?${query}`
}

/** Reads the link context the current URL carries (lang is not checked against setup here). */
export function linkContextFromSearch(search: string, fallbackLang: Lang = DEFAULT_LANG): LinkContext {
  const params = new URLSearchParams(search)
  const lang = params.get(LANG_PARAM)
  return { lang: isLang(lang) ? lang : fallbackLang, sub: params.get('sub') === SUB_FLAG }
}

/** A path segment made safe for a URL (hashes come from the server, never trusted blindly). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value))
}

/**
 * Same URL without the given query parameters, e.g. after the CRM token was used
 * (`?crm=…` must not stay in the address bar or in history).
 */
export function withoutQuery(pathname: string, search: string, hash: string, drop: readonly string[]): string {
  const params = new URLSearchParams(search)
  for (const key of drop) params.delete(key)
  const query = params.toString()
  return `${pathname}${query === '' ? '' : `?${query}`}${hash}`
}

/**
 * The old-style order view path of integration mode (document 000 §2: "redirects to an
 * old-style order view path carrying language and hash"). The spec does not show its shape;
 * we use /{lang}/order/{hash}, the same language-first form as the older /{lang}/rules pages.
 */
export function legacyOrderPath(lang: Lang, hash: string): string {
  return `/${segment(lang)}/order/${segment(hash)}`
}
