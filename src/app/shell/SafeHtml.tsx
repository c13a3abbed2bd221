import { useMemo } from 'react'
import { sanitizeHtml } from '../lib/sanitize'

/** Renders html from setup after the allow-list sanitizer; the only place using innerHTML. */
export function SafeHtml({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />
}
