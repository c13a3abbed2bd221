/**
 * Demo posters drawn in code: an SVG per event (gradient, a few shapes chosen from the title's
 * hash, the title in large type), so the demo needs no image files and no external URLs.
 */
export const POSTER_WIDTH = 350
export const POSTER_HEIGHT = 500

const PALETTES: [string, string, string][] = [
  ['#1d3557', '#457b9d', '#f1faee'],
  ['#5f0f40', '#9a031e', '#fb8b24'],
  ['#283618', '#606c38', '#fefae0'],
  ['#240046', '#7b2cbf', '#e0aaff'],
  ['#003049', '#d62828', '#fcbf49'],
  ['#22223b', '#4a4e69', '#f2e9e4'],
  ['#0b525b', '#14746f', '#99e2b4'],
  ['#3d405b', '#e07a5f', '#f4f1de'],
]

/** FNV-1a: a stable small hash so the same title always draws the same poster. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
}

/** Splits a title into lines of at most `max` characters at spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/** Characters per title line at the poster's title font size. */
const TITLE_LINE_CHARS = 14

export function posterSvg(title: string, subtitle: string): string {
  const h = hash(title)
  const [dark, mid, light] = PALETTES[h % PALETTES.length]
  const shapes: string[] = []
  for (let i = 0; i < 6; i++) {
    const k = (h >>> (i * 5)) & 31
    const cx = 30 + ((k * 37 + i * 53) % 290)
    const cy = 40 + ((k * 23 + i * 71) % 260)
    const r = 20 + ((k * 7) % 70)
    shapes.push(
      i % 2 === 0
        ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${light}" fill-opacity="0.${2 + (k % 5)}"/>`
        : `<rect x="${cx - r / 2}" y="${cy - r / 2}" width="${r}" height="${r}" transform="rotate(${k * 11} ${cx} ${cy})" fill="${mid}" fill-opacity="0.6"/>`,
    )
  }
  const lines = wrap(title, TITLE_LINE_CHARS)
  const titleY = POSTER_HEIGHT - 60 - lines.length * 34
  const text = lines
    .map((l, i) => `<text x="24" y="${titleY + i * 34}" font-size="30" font-weight="700" fill="${light}">${escapeXml(l)}</text>`)
    .join('')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>`,
    `<rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#g)"/>`,
    ...shapes,
    `<g font-family="DejaVu Sans, Arial, sans-serif">${text}`,
    `<text x="24" y="${POSTER_HEIGHT - 28}" font-size="16" fill="${light}" fill-opacity="0.85">${escapeXml(subtitle)}</text></g>`,
    '</svg>',
  ].join('')
}
