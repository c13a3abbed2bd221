/**
 * `npx tsx bench/parse-candidates.bench.ts [--short]` — which XML tokenizer the venue parser
 * uses, measured on every real drawing and on generated stadiums: saxes, htmlparser2 (xmlMode),
 * txml and our purpose-built scanner (src/engine/parse/scanner.ts), with @xmldom/xmldom as the
 * DOM reference. Each candidate only tokenizes (counts elements and attributes) so the numbers
 * compare tokenizers, not what is built on top.
 * Correctness: a candidate "agrees" when its element and attribute counts equal the xmldom DOM's;
 * a candidate that throws is recorded with its error. Writes bench/results/<date>-parse-candidates.json.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { DOMParser } from '@xmldom/xmldom'
import { SaxesParser } from 'saxes'
import { Parser as HtmlParser } from 'htmlparser2'
import { parse as txmlParse, type TNode } from 'txml'
import { scanXml } from '../src/engine/parse/scanner'
import { generateVenue } from '../src/engine/generate/index'
import { machine, measure, writeResults } from './lib'

const REAL_DIR = '/work/shared/venues/real'
const short = process.argv.includes('--short')
const GENERATED_SIZES = short ? [10_000] : [10_000, 100_000]

interface Counts {
  elements: number
  attributes: number
}

const candidates: Record<string, (text: string) => Counts> = {
  scanner(text) {
    const c = { elements: 0, attributes: 0 }
    scanXml(text, {
      wantsText: false,
      openTag(_name, _attrs, count) {
        c.elements++
        c.attributes += count / 2
      },
      closeTag() {},
      text() {},
      warn() {},
    })
    return c
  },
  saxes(text) {
    const c = { elements: 0, attributes: 0 }
    const parser = new SaxesParser()
    parser.on('opentag', (node) => {
      c.elements++
      c.attributes += Object.keys(node.attributes).length
    })
    parser.on('error', (error) => {
      throw error
    })
    parser.write(text).close()
    return c
  },
  htmlparser2(text) {
    const c = { elements: 0, attributes: 0 }
    const parser = new HtmlParser({
      onopentag(_name, attribs) {
        c.elements++
        c.attributes += Object.keys(attribs).length
      },
    }, { xmlMode: true })
    parser.write(text)
    parser.end()
    return c
  },
  txml(text) {
    const c = { elements: 0, attributes: 0 }
    const walk = (nodes: (TNode | string)[]) => {
      for (const n of nodes) {
        if (typeof n === 'string') continue
        if (n.tagName.startsWith('!') || n.tagName.startsWith('?')) continue
        c.elements++
        c.attributes += Object.keys(n.attributes).length
        walk(n.children)
      }
    }
    walk(txmlParse(text, { selfClosingTags: [] }))
    return c
  },
}

function reference(text: string): Counts {
  const doc = new DOMParser({ onError: () => {} }).parseFromString(text, 'image/svg+xml')
  const all = doc.getElementsByTagName('*')
  let attributes = 0
  for (let i = 0; i < all.length; i++) attributes += all[i].attributes.length
  return { elements: all.length, attributes }
}

async function main(): Promise<void> {
  const inputs: { name: string; text: string }[] = readdirSync(REAL_DIR)
    .filter((f) => f.endsWith('.svg'))
    .map((f) => ({ name: f, text: readFileSync(`${REAL_DIR}/${f}`, 'utf8') }))
  for (const seats of GENERATED_SIZES) inputs.push({ name: `generated stadium ${seats}`, text: generateVenue({ kind: 'stadium', seats, seed: 1 }) })
  const rows: Record<string, unknown>[] = []
  const totals: Record<string, number> = Object.fromEntries(Object.keys(candidates).map((k) => [k, 0]))
  const agreeing: Record<string, number> = { ...totals }
  for (const input of inputs) {
    const ref = reference(input.text)
    const tasks: Record<string, () => unknown> = {}
    const row: Record<string, unknown> = { input: input.name, bytes: input.text.length, reference: ref }
    for (const [name, fn] of Object.entries(candidates)) {
      try {
        const counts = fn(input.text)
        const agrees = counts.elements === ref.elements && counts.attributes === ref.attributes
        row[name] = { counts, agrees }
        if (agrees) agreeing[name]++
        tasks[name] = () => fn(input.text)
      } catch (error) {
        row[name] = { error: error instanceof Error ? error.message.slice(0, 160) : String(error) }
      }
    }
    const timings = await measure(tasks, { iterations: short ? 3 : 10, time: short ? 50 : 300 })
    for (const [name, t] of Object.entries(timings)) {
      ;(row[name] as Record<string, unknown>).meanMs = Math.round(t.mean * 100) / 100
      totals[name] += t.mean
    }
    rows.push(row)
    process.stdout.write(`${input.name.padEnd(48)} ${Object.entries(timings).map(([n, t]) => `${n} ${t.mean.toFixed(1)}ms`).join('  ')}\n`)
  }
  const summary = Object.keys(candidates).map((name) => ({ name, totalMeanMs: Math.round(totals[name] * 10) / 10, agreesOn: `${agreeing[name]}/${inputs.length}` }))
  const file = writeResults(short ? 'parse-candidates-short' : 'parse-candidates', { date: new Date().toISOString(), machine: machine(), summary, rows })
  process.stdout.write(`${JSON.stringify(summary)}\nresults: ${file}\n`)
}

await main()
