import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DRAWING_BYTES } from '../src/contract/admin/catalogue'
import { STUDIO_TEXTS } from '../src/app/admin/studio/texts'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, openPage, runAxe, seriousViolations, type AppHarness } from './support/app'
import { signInConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * A venue drawing over the upload's limit (48 MB) is refused by the console before it is read or
 * sent, in the operator's language, with the file's size and the limit: sent, it would travel
 * whole to be refused as too large, and the browser may drop the connection before that answer.
 * The file is one byte over the limit, so its size must read as over it (48.1, never 48).
 */
const OWNER: ConsoleAccount = { email: 'owner.big-drawing@example.org', password: 'an owner password', role: 'owner', lang: 'ru' }
const EXPECTED = {
  kz: 'Сызба жүктелмеді: файл 48,1 МБ, ал сызба ең көбі 48 МБ бола алады',
  en: 'The drawing was not uploaded: the file is 48.1 MB, and a drawing may be 48 MB at most',
} as const

let app: AppHarness
let dir: string
let file: string
/** Exactly the limit in bytes, one of them not UTF-8: read, it is a replacement character (3 bytes), so the text is 2 bytes over. */
let notUtf8: string

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
  dir = await mkdtemp(path.join(tmpdir(), 'seatwise-big-drawing-'))
  file = path.join(dir, 'stadium.svg')
  const head = '<svg xmlns="http://www.w3.org/2000/svg">'
  await writeFile(file, `${head}${' '.repeat(MAX_DRAWING_BYTES + 1 - head.length - '</svg>'.length)}</svg>`)
  notUtf8 = path.join(dir, 'latin1.svg')
  await writeFile(notUtf8, Buffer.concat([Buffer.from(head), Buffer.alloc(MAX_DRAWING_BYTES - head.length - '</svg>'.length - 1, ' '), Buffer.from([0xff]), Buffer.from('</svg>')]))
})
afterAll(async () => {
  await app?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('a drawing over the upload limit', () => {
  for (const [lang, viewport] of [['kz', PHONE_VIEWPORT], ['en', DESKTOP_VIEWPORT]] as const) {
    it(`is refused before sending, in ${lang}, with its size and the limit, in view (${viewport === PHONE_VIEWPORT ? 'phone' : 'desktop'})`, async () => {
      const s = STUDIO_TEXTS[lang]
      const { page, context, errors } = await openPage(app, '/admin', viewport)
      const uploads: string[] = []
      page.on('request', (r) => {
        if (/\/api\/admin\/venues\/\d+\/drawings/.test(r.url())) uploads.push(r.url())
      })
      await signInConsole(page, OWNER.email, OWNER.password, lang)
      await page.goto(new URL('/admin/venues', page.url()).href)
      await page.getByRole('heading', { name: s.venues, level: 1 }).waitFor()
      await page.locator('.adm-list > li').first().getByLabel(s.upload).setInputFiles(file)
      const note = page.getByRole('alert')
      await expect.poll(() => note.innerText()).toBe(EXPECTED[lang])
      const box = await note.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width + 1 && box.y >= 0 && box.y + box.height <= viewport.height, 'the note is in view').toBe(true)
      expect(uploads, 'nothing was sent').toEqual([])
      expect(seriousViolations(await runAxe(page)), `drawing too large (${lang})`).toEqual([])
      expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
      await context.close()
    }, 120_000)
  }

  it('of the limit\'s size but not all UTF-8 is refused once read, counted as the server counts it, before sending', async () => {
    const s = STUDIO_TEXTS.en
    const { page, context, errors } = await openPage(app, '/admin', DESKTOP_VIEWPORT)
    const uploads: string[] = []
    page.on('request', (r) => {
      if (/\/api\/admin\/venues\/\d+\/drawings/.test(r.url())) uploads.push(r.url())
    })
    await signInConsole(page, OWNER.email, OWNER.password, 'en')
    await page.goto(new URL('/admin/venues', page.url()).href)
    await page.getByRole('heading', { name: s.venues, level: 1 }).waitFor()
    await page.locator('.adm-list > li').first().getByLabel(s.upload).setInputFiles(notUtf8)
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(EXPECTED.en)
    expect(uploads, 'nothing was sent').toEqual([])
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  }, 120_000)
})
