/**
 * Setup's header_background is operator-chosen. We accept only #rgb / #rrggbb, and pick black
 * or white text by relative luminance so the header keeps readable contrast (WCAG 1.4.3).
 */
const HEX_RE = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

/** WCAG: luminance above this reads better with dark text (the crossover of the two ratios). */
const LUMINANCE_DARK_TEXT = 0.179

export interface HeaderColors {
  background: string
  text: string
}

export function headerColors(background: string): HeaderColors | null {
  const m = HEX_RE.exec(background.trim())
  if (m === null) return null
  const hex = m[1].length === 3 ? m[1].split('').map((c) => c + c).join('') : m[1]
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  return { background: `#${hex.toLowerCase()}`, text: luminance > LUMINANCE_DARK_TEXT ? '#111111' : '#ffffff' }
}
