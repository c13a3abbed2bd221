import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The docs name real files (README.md and docs/*.md). A rename that forgets them would leave a
 * newcomer reading about paths that no longer exist, so every relative link (with its #anchor,
 * when it points at a Markdown heading) and every repository path written in backticks must
 * resolve. A failure names the document and the missing path: fix the doc in the same commit.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DOCS_DIR = path.join(ROOT, 'docs')
/** Top-level folders whose paths a doc may name in backticks; other code spans (`npm test`, `?crm=`) are not paths. */
const PATH_PREFIXES = ['src/', 'tests/', 'e2e/', 'bench/', 'lab/', 'docs/', '.ci/']
/** The documents issue 14 asks for; each must exist and be linked from the README. */
const REQUIRED_DOCS = ['architecture.md', 'life-of-a-seat.md', 'life-of-an-order.md', 'glossary.md']

interface Problem {
  doc: string
  target: string
  why: string
}

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen; repeats get -1, -2… */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const line of withoutFences(markdown).split('\n')) {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    if (!m) continue
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

/** The text with fenced code blocks blanked (their lines kept, so nothing shifts). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''))
}

/** Contents of fenced code blocks (diagrams, commands). */
function fences(markdown: string): string[] {
  return [...markdown.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1[^\n]*$/gm)].map((m) => m[2])
}

/** Relative link targets of a Markdown text: `[text](target)` outside code, not URLs or mail. */
function relativeLinks(markdown: string): string[] {
  const prose = withoutFences(markdown).replace(/`[^`\n]*`/g, '')
  const out: string[] = []
  for (const m of prose.matchAll(/!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    out.push(target)
  }
  return out
}

/** Cuts a written path to the file or folder it names: no query, anchor, `:symbol` or trailing punctuation. */
function cleanPath(token: string): string {
  return token.replace(/[?#:].*$/, '').replace(/[.,;)]+$/, '')
}

/**
 * Repository paths a text names: code spans that start with one of PATH_PREFIXES (first word
 * only), and any `src/…` word inside fenced blocks (the diagrams).
 */
function namedPaths(markdown: string): string[] {
  const out: string[] = []
  for (const m of withoutFences(markdown).matchAll(/`([^`\n]+)`/g)) {
    const first = m[1].trim().split(/\s+/)[0]
    if (PATH_PREFIXES.some((p) => first.startsWith(p))) out.push(cleanPath(first))
  }
  for (const block of fences(markdown)) {
    for (const m of block.matchAll(/(?<![\w./-])src\/[\w./-]*[\w/]/g)) out.push(cleanPath(m[0]))
  }
  return out
}

/** Whether `p` (repository-relative; a `*` segment matches any entry of its folder) exists. */
function pathExists(root: string, p: string): boolean {
  const star = p.indexOf('*')
  if (star < 0) return existsSync(path.join(root, p))
  const dir = p.slice(0, p.lastIndexOf('/', star) + 1)
  const pattern = new RegExp(`^${p.slice(dir.length).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`)
  return existsSync(path.join(root, dir)) && statSync(path.join(root, dir)).isDirectory() && readdirSync(path.join(root, dir)).some((f) => pattern.test(f))
}

/** Every missing link target, anchor and named path of one document (`docPath` relative to `root`). */
function checkDocument(root: string, docPath: string, markdown: string): Problem[] {
  const problems: Problem[] = []
  const docDir = path.dirname(path.join(root, docPath))
  for (const link of relativeLinks(markdown)) {
    const [file, anchor] = link.split('#') as [string, string | undefined]
    if (file === '') {
      if (anchor && !headingAnchors(markdown).has(anchor)) problems.push({ doc: docPath, target: link, why: 'no heading with this anchor' })
      continue
    }
    const target = path.resolve(docDir, decodeURI(file))
    if (!existsSync(target)) {
      problems.push({ doc: docPath, target: link, why: 'link target does not exist' })
      continue
    }
    if (anchor && target.endsWith('.md') && !headingAnchors(readFileSync(target, 'utf8')).has(anchor)) {
      problems.push({ doc: docPath, target: link, why: 'no heading with this anchor' })
    }
  }
  for (const p of namedPaths(markdown)) {
    if (!pathExists(root, p)) problems.push({ doc: docPath, target: p, why: 'named path does not exist' })
  }
  return problems
}

function documents(): string[] {
  const docs = existsSync(DOCS_DIR) ? readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`) : []
  return ['README.md', ...docs.sort()]
}

describe('docs: every link and named path resolves', () => {
  it('has the four documents of issue 14, each linked from the README', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
    const links = relativeLinks(readme)
    for (const doc of REQUIRED_DOCS) {
      expect(existsSync(path.join(DOCS_DIR, doc)), `docs/${doc}`).toBe(true)
      expect(links, `README links docs/${doc}`).toContain(`docs/${doc}`)
    }
  })

  for (const doc of documents()) {
    it(`${doc}: links and paths exist`, () => {
      const text = readFileSync(path.join(ROOT, doc), 'utf8')
      expect(checkDocument(ROOT, doc, text)).toEqual([])
    })
  }

  it('the docs name enough paths for this check to mean something', () => {
    const named = documents()
      .filter((d) => d.startsWith('docs/'))
      .flatMap((d) => namedPaths(readFileSync(path.join(ROOT, d), 'utf8')))
    expect(new Set(named).size).toBeGreaterThan(40)
  })

  it('catches a renamed path, a dead link and a dead anchor, and leaves URLs and commands alone', () => {
    const doc = [
      '# Title',
      'See [the guide](architecture.md#no-such-heading), [gone](nowhere.md) and [web](https://example.com/x).',
      'The map answer is in `src/server/domain/scheme/no-such-file.ts`; run `npm test`.',
      '```',
      'client ─► src/engine/no-such-folder ─► server',
      '```',
      'Self link: [top](#title).',
    ].join('\n')
    const problems = checkDocument(ROOT, 'docs/example.md', doc).map((p) => p.target)
    expect(problems).toEqual(['architecture.md#no-such-heading', 'nowhere.md', 'src/server/domain/scheme/no-such-file.ts', 'src/engine/no-such-folder'])
  })

  it('reads anchors, globs and queries as GitHub and a shell would', () => {
    expect(headingAnchors('# Paths to re-check after the issue-14 refactors\n## Docs\n## Docs')).toEqual(
      new Set(['paths-to-re-check-after-the-issue-14-refactors', 'docs', 'docs-1']),
    )
    expect(namedPaths('`bench/results/*-node.json` `lab/seatmap.html?seats=N` `src/contract/rules/money.ts:orderSum`')).toEqual([
      'bench/results/*-node.json',
      'lab/seatmap.html',
      'src/contract/rules/money.ts',
    ])
    expect(checkDocument(ROOT, 'docs/x.md', '`bench/results/*-node.json` `bench/results/*-none.json`').map((p) => p.target)).toEqual(['bench/results/*-none.json'])
  })
})
