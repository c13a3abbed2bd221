import { createContext, useContext, useEffect, useRef } from 'react'
import type { Operator } from '../../contract/admin/access'
import type { Lang } from '../../contract/lang'
import { AdminApiError, type AdminApi } from './api'
import type { AdminTexts } from './texts'

/** What every console screen shares: the API client, texts, language and the signed-in operator (AdminApp provides it). */
export interface Console {
  api: AdminApi
  t: AdminTexts
  lang: Lang
  operator: Operator
  /** The shop's currency (setup's app.currency): the console writes amounts in it. */
  currency: string
}
export const ConsoleContext = createContext<Console | null>(null)
export function useConsole(): Console {
  const c = useContext(ConsoleContext)
  if (!c) throw new Error('useConsole outside the console')
  return c
}

/** Sets the document's title and moves focus to the screen's heading (screen readers hear the change). */
export function useScreenTitle(title: string): React.RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = title
    ref.current?.focus()
  }, [title])
  return ref
}

export function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="adm-error">
      {error}
    </p>
  ) : null
}
export const messageOf = (err: unknown) => (err instanceof AdminApiError || err instanceof Error ? err.message : String(err))

