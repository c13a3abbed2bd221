import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import { buildLink, SUB_FLAG, type ExtraQuery, type LinkContext } from '../lib/links'
import { useSession } from '../state/session'

/** The link context of the current page: the session's language and the URL's sub flag. */
export function useLinkContext(): LinkContext {
  const lang = useSession((s) => s.lang)
  const [params] = useSearchParams()
  return { lang, sub: params.get('sub') === SUB_FLAG }
}

/** `link('/contacts')` → '/contacts?lang=en' etc., keeping lang and sub. */
export function useLink(): (path: string, extra?: ExtraQuery) => string {
  const { lang, sub } = useLinkContext()
  return useCallback((path: string, extra?: ExtraQuery) => buildLink(path, { lang, sub }, extra), [lang, sub])
}
