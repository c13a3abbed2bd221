import type { Lang } from '../../contract/lang'

/** A screen's texts per language, kept in its own locale files (locales/<screen>.<lang>.ts). */
export type ScreenTexts = Record<Lang, object>

type Bundle = Record<string, unknown>

function isPlain(v: unknown): v is Bundle {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Deep merge into a new object; `extra` wins on a clash of plain strings. */
function merge(base: Bundle, extra: Bundle): Bundle {
  const out: Bundle = { ...base }
  for (const [k, v] of Object.entries(extra)) out[k] = isPlain(v) && isPlain(out[k]) ? merge(out[k], v) : v
  return out
}

/**
 * The shell's resources with each screen's texts merged into every language's "translation"
 * bundle, in order (a new object: the shell's own bundles are left untouched).
 */
export function withScreenTexts<R extends Record<Lang, { translation: object }>>(resources: R, ...screens: ScreenTexts[]): R {
  const out: Record<string, { translation: object }> = {}
  for (const [lang, res] of Object.entries(resources)) {
    let translation = res.translation as Bundle
    for (const texts of screens) translation = merge(translation, texts[lang as Lang] as Bundle)
    out[lang] = { ...res, translation }
  }
  return out as R
}
