import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * Latin punctuation inside Chinese text: an ASCII comma, colon or semicolon after a Chinese
 * character (or a {{placeholder}}, which holds Chinese on a Chinese page) and before a space, a
 * Chinese character or a placeholder; or before a Chinese character; or ASCII parentheses next to
 * one. Chinese takes full-width '，', '：', '；', '（）' there. Left alone: times and numbers
 * (12:30, 1,800.00: digits on both sides), URLs (https://), Latin text (INN: 770), '+7 (495)'.
 */
const CJK = '[\\u3400-\\u9fff\\u3000-\\u303f\\uff00-\\uffef]'
const CJK_CHAR = new RegExp(CJK)
const LATIN_IN_CJK = new RegExp(
  [
    `(?:${CJK}|\\}\\})\\s*[,:;](?=\\s|${CJK}|\\{\\{)`,
    `[,:;]\\s*${CJK}`,
    `${CJK}\\s*[()]`,
    `[()]\\s*${CJK}`,
  ].join('|'),
)

/** The texts (with their keys or places) that have Latin punctuation inside Chinese. */
export function latinPunctuationInChinese(texts: readonly (readonly [string, string])[]): string[] {
  return texts.filter(([, text]) => LATIN_IN_CJK.test(text)).map(([where, text]) => `${where}: ${text}`)
}

/** Every string of a nested texts object, with its dotted key. */
export function stringsOf(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([k, v]) => stringsOf(v, key === '' ? k : `${key}.${k}`))
}

/**
 * Every string literal, template and JSX text with a Chinese character in the .ts/.tsx files
 * under `dirs`, as [file:line, text]: the console's and the door app's Chinese live in many
 * tables and a few inline `ch:` entries and functions, so their sources are read rather than
 * their exports. A template's `${…}` reads as a {{placeholder}}, which holds Chinese there.
 */
export function chineseLiteralsIn(dirs: readonly string[]): [string, string][] {
  const found: [string, string][] = []
  const visit = (file: ts.SourceFile, node: ts.Node) => {
    let text: string | null = null
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) text = node.text
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => `{{x}}${s.literal.text}`).join('')
    if (text !== null && CJK_CHAR.test(text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
      found.push([`${path.relative(process.cwd(), file.fileName)}:${line + 1}`, text])
    }
    ts.forEachChild(node, (child) => visit(file, child))
  }
  forEachSource(dirs, visit)
  return found
}

/** The files parsed so far, by path: the scans of one test file read the same sources. */
const parsed = new Map<string, ts.SourceFile>()

/** Calls `visit` with each .ts/.tsx file under `dirs`, parsed. */
function forEachSource(dirs: readonly string[], visit: (file: ts.SourceFile, node: ts.Node) => void): void {
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.tsx?$/.test(entry.name)) {
        const kind = entry.name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
        const source = parsed.get(file) ?? ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind)
        parsed.set(file, source)
        visit(source, source)
      }
    }
  }
  for (const dir of dirs) walk(path.resolve(dir))
}

const GLUE = new Set([': ', ', '])

/**
 * The places in the .ts/.tsx files under `dirs` that glue parts with a literal ': ' or ', ' (a
 * template of parts and separators only, `${a}: ${b}`; JSX text ': ' between two expressions;
 * `.join(', ')`), as [file:line, code]. In a Chinese page those read as Latin punctuation inside
 * Chinese; i18n/punctuation.ts joins them in the page's language.
 */
export function literalJoinsIn(dirs: readonly string[]): [string, string][] {
  const found: [string, string][] = []
  const visit = (file: ts.SourceFile, node: ts.Node) => {
    const glued =
      (ts.isTemplateExpression(node) && node.head.text === '' && node.templateSpans.some((s) => GLUE.has(s.literal.text))
        && node.templateSpans.every((s, i) => GLUE.has(s.literal.text) || (i === node.templateSpans.length - 1 && s.literal.text === ''))) ||
      (ts.isJsxText(node) && GLUE.has(node.text)) ||
      (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'join'
        && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]) && GLUE.has(node.arguments[0].text))
    if (glued || (ts.isStringLiteral(node) && GLUE.has(node.text) && shownInMarkup(node))) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
      found.push([`${path.relative(process.cwd(), file.fileName)}:${line + 1}`, node.getText(file)])
    }
    ts.forEachChild(node, (child) => visit(file, child))
  }
  forEachSource(dirs, visit)
  return found
}

/** Whether a literal is a child of markup as it is: `{', '}`, `{i > 0 && ', '}`, `{a ? ' (' : ''}`. */
function shownInMarkup(node: ts.Node): boolean {
  const parent = node.parent
  if (ts.isJsxExpression(parent)) return true
  const picked = (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && parent.right === node) || (ts.isConditionalExpression(parent) && parent.condition !== node)
  return picked && ts.isJsxExpression(parent.parent)
}

/**
 * The places in the .ts/.tsx files under `dirs` that put ASCII brackets round a part they compose
 * (a template `${label} (${note})`, JSX text `{label} ({note})`, a literal ' (' or ')' shown in
 * markup), as [file:line, code]. In a Chinese page those read as Latin brackets beside Chinese
 * ("名稱 (ru)"); i18n/punctuation.ts's bracketed and aside write them in the page's language.
 */
export function literalBracketsIn(dirs: readonly string[]): [string, string][] {
  const found: [string, string][] = []
  const visit = (file: ts.SourceFile, node: ts.Node) => {
    let bracketing = false
    if (ts.isTemplateExpression(node)) {
      const literals = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]
      bracketing = literals.some((text, i) => (i < literals.length - 1 && /\(\s*$/.test(text)) || (i > 0 && /^\s*\)/.test(text)))
    } else if (ts.isJsxText(node)) bracketing = /\(\s*$|^\s*\)/.test(node.text)
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) bracketing = /^\s*[()]\s*$/.test(node.text) && shownInMarkup(node)
    if (bracketing) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
      found.push([`${path.relative(process.cwd(), file.fileName)}:${line + 1}`, node.getText(file).trim()])
    }
    ts.forEachChild(node, (child) => visit(file, child))
  }
  forEachSource(dirs, visit)
  return found
}

/** Whether `node` is a call of i18n/punctuation.ts's bracketed. */
function callsBracketed(node: ts.Node | undefined): boolean {
  return node !== undefined && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'bracketed'
}

/**
 * The places in the .ts/.tsx files under `dirs` that put a literal space before a bracketed(...)
 * note (a template `${label} ${bracketed(lang, note)}`, JSX `{label} {bracketed(lang, note)}`),
 * or before an element that opens with one, as [file:line, code]. Full-width brackets take no space before them ("名稱（ru）", not
 * "名稱 （ru）"); i18n/punctuation.ts's aside puts the space only where the brackets are Latin.
 */
export function spacedBracketsIn(dirs: readonly string[]): [string, string][] {
  const found: [string, string][] = []
  const visit = (file: ts.SourceFile, node: ts.Node) => {
    let spaced = false
    if (ts.isTemplateExpression(node)) {
      const before = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]
      spaced = node.templateSpans.some((span, i) => /\s$/.test(before[i]) && callsBracketed(span.expression))
    } else if (ts.isJsxText(node) && /^[ \t]+$/.test(node.text)) {
      const siblings = ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent) ? [...node.parent.children] : []
      const next = siblings[siblings.indexOf(node) + 1]
      // The note itself, or an element that opens with it (`<span>{bracketed(lang, note)}</span>`).
      const opening = next !== undefined && ts.isJsxElement(next) ? next.children.find((c) => !ts.isJsxText(c) || c.text.trim() !== '') : next
      spaced = opening !== undefined && ts.isJsxExpression(opening) && callsBracketed(opening.expression)
    }
    if (spaced) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
      found.push([`${path.relative(process.cwd(), file.fileName)}:${line + 1}`, node.getText(file).trim()])
    }
    ts.forEachChild(node, (child) => visit(file, child))
  }
  forEachSource(dirs, visit)
  return found
}
