import fs from 'node:fs'
import path from 'node:path'
import * as OpenCC from 'opencc-js'
import { describe, expect, it } from 'vitest'

/** Runs of Chinese characters and full-width punctuation. */
const HAN_RUN = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g

/** Every Chinese text in the files of `dir` (recursively) that OpenCC would change to Traditional. */
function simplifiedIn(dir: string): string[] {
  const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
  const found: string[] = []
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('.ts')) {
        for (const run of fs.readFileSync(file, 'utf8').match(HAN_RUN) ?? []) {
          if (toTraditional(run) !== run) found.push(`${path.relative(process.cwd(), file)}: ${run} → ${toTraditional(run)}`)
        }
      }
    }
  }
  walk(path.resolve(dir))
  return found
}

/**
 * The interface's Chinese is Traditional (document 001 saw Traditional texts), so the demo
 * content and e-mails a Chinese-speaking visitor reads beside it must be Traditional too
 * (issue 13 item 12): no text that OpenCC's Simplified→Traditional conversion would change.
 */
describe('one Chinese script: Traditional', () => {
  it('in the interface texts', () => {
    expect(simplifiedIn('src/app/i18n/locales')).toEqual([])
  })
  it('in the demo content and the mails', () => {
    expect([...simplifiedIn('src/server/seed'), ...simplifiedIn('src/server/mail')]).toEqual([])
  })
})
