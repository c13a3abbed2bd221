import type { Lang } from '../../contract/lang'
import type { Setup } from '../../contract/entities/setup'
import { isSafeUrl } from './sanitize'

/**
 * A random token per page load appended to logo URLs (document 001 §2 "cache-busting random
 * query"): operators replace logo files in place, and browsers would keep the old one.
 */
export const CACHE_BUST_TOKEN = Math.random().toString(36).slice(2, 10)

/** Query parameter name of the cache-busting token. */
export const CACHE_BUST_PARAM = 'v'

export function cacheBust(url: string, token: string = CACHE_BUST_TOKEN): string {
  if (url === '') return url
  const hashAt = url.indexOf('#')
  const base = hashAt === -1 ? url : url.slice(0, hashAt)
  const frag = hashAt === -1 ? '' : url.slice(hashAt)
  return `${base}${base.includes('?') ? '&' : '?'}${CACHE_BUST_PARAM}=${encodeURIComponent(token)}${frag}`
}

/** A URL from setup or the listing, or undefined when it is empty or has an unsafe scheme. */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (url === null || url === undefined) return undefined
  const trimmed = url.trim()
  return trimmed !== '' && isSafeUrl(trimmed) ? trimmed : undefined
}

/** True for links leaving the storefront (they open in a new tab). */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')
}

export interface LogoSources {
  /** Desktop logo: the language's own variant, else the common one. */
  src: string
  /** Narrow-screen variant, when setup has one. */
  mobileSrc?: string
}

/** The header logo for a language (document 001 §2: mobile and per-language variants). */
export function pickLogo(app: Setup['app'], lang: Lang): LogoSources | null {
  const perLang = safeUrl(pickLocalizedExact(app, 'logo', lang))
  const src = perLang ?? safeUrl(app.logo)
  if (src === undefined) return null
  const mobile = safeUrl(app.logo_mobile)
  return { src: cacheBust(src), mobileSrc: mobile === undefined ? undefined : cacheBust(mobile) }
}

/** `obj[key_lang]` without falling back to other languages (a logo must not switch language). */
function pickLocalizedExact(obj: object, key: string, lang: Lang): string {
  const value = (obj as Record<string, unknown>)[`${key}_${lang}`]
  return typeof value === 'string' ? value : ''
}
