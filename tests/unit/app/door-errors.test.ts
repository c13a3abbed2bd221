import * as OpenCC from 'opencc-js'
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { DoorApiError, NoNetwork } from '../../../src/app/door/api'
import { errorText, faultText } from '../../../src/app/door/labels'
import { NotCommitted, StoreRefused } from '../../../src/app/door/model/store'
import { DOOR_TEXTS } from '../../../src/app/door/texts'

/**
 * The door app's failed calls as the steward reads them (Setup's session list, the token form):
 * no network is said in the app's words, never as an empty alert.
 */
describe('door error texts', () => {
  it('says "no network" in every language for a call that got no answer', () => {
    const seen = new Set<string>()
    for (const lang of LANGS) {
      const t = DOOR_TEXTS[lang]
      const text = errorText(new NoNetwork(), t)
      expect(text, lang).toBe(t.noNetwork)
      expect(text.trim(), lang).not.toBe('')
      seen.add(text)
    }
    expect(seen.size).toBe(LANGS.length)
  })

  it("keeps the server's own words for a refusal, and has words for one without any", () => {
    const t = DOOR_TEXTS.en
    expect(errorText(new DoorApiError(403, '-1006', 'Access denied'), t)).toBe('Access denied')
    expect(errorText(new DoorApiError(500, '', ''), t)).toBe(t.failed)
    expect(errorText(new Error(''), t)).toBe(t.failed)
    expect(errorText(undefined, t)).toBe(t.failed)
  })

  it("words the phone's storage failing and an answer without words in the app's language, the browser's own text only as detail", () => {
    for (const lang of LANGS) {
      const t = DOOR_TEXTS[lang]
      const quota = new NotCommitted(new DOMException('Quota exceeded', 'QuotaExceededError'))
      expect(faultText(quota, t, 'sync'), lang).toEqual({ text: `${t.phoneFault.sync} ${t.phoneWhy.notKept}`, detail: 'QuotaExceededError: Quota exceeded' })
      expect(faultText(new StoreRefused('newerTab', 'A newer version of the door app is open'), t, 'upload').text, lang).toBe(`${t.phoneFault.upload} ${t.phoneWhy.newerTab}`)
      expect(faultText(new DOMException('The operation failed for reasons unrelated to the database itself', 'UnknownError'), t, 'sync').text, lang).toBe(`${t.phoneFault.sync} ${t.phoneWhy.failed}`)
      expect(faultText(new DoorApiError(403, '', '', 'Forbidden'), t, 'upload'), lang).toEqual({ text: t.failed, detail: 'HTTP 403 Forbidden' })
      expect(faultText(new TypeError('Failed to fetch'), t, 'sync'), lang).toEqual({ text: t.failed, detail: 'TypeError: Failed to fetch' })
      for (const text of [...Object.values(t.phoneFault), ...Object.values(t.phoneWhy), t.details]) expect(text.trim(), lang).not.toBe('')
    }
  })

  it("words a scan answered online that the phone could not keep as what it means offline, whatever the storage failed with", () => {
    const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
    for (const lang of LANGS) {
      const t = DOOR_TEXTS[lang]
      const quota = new NotCommitted(new DOMException('Quota exceeded', 'QuotaExceededError'))
      expect(faultText(quota, t, 'remember'), lang).toEqual({ text: `${t.phoneFault.remember} ${t.phoneWhy.notKept}`, detail: 'QuotaExceededError: Quota exceeded' })
      expect(faultText(new StoreRefused('newerTab', 'A newer version of the door app is open'), t, 'remember').text, lang).toBe(`${t.phoneFault.remember} ${t.phoneWhy.newerTab}`)
      // Not a "server did not answer": only the phone's storage takes part.
      expect(faultText(new TypeError('indexedDB is not defined'), t, 'remember'), lang).toEqual({ text: `${t.phoneFault.remember} ${t.phoneWhy.failed}`, detail: 'TypeError: indexedDB is not defined' })
    }
    const texts = LANGS.map((lang) => DOOR_TEXTS[lang].phoneFault.remember)
    expect(new Set(texts).size).toBe(LANGS.length)
    expect(toTraditional(DOOR_TEXTS.ch.phoneFault.remember)).toBe(DOOR_TEXTS.ch.phoneFault.remember)
  })

  it('has a loading status, an offline message, a failure and a retry in all four languages (Chinese in Traditional script)', () => {
    const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
    for (const key of ['loading', 'noNetwork', 'failed', 'retry'] as const) {
      const texts = LANGS.map((lang) => DOOR_TEXTS[lang][key])
      for (const text of texts) expect(text.trim(), key).not.toBe('')
      expect(new Set(texts).size, key).toBe(LANGS.length)
      expect(toTraditional(DOOR_TEXTS.ch[key]), key).toBe(DOOR_TEXTS.ch[key])
    }
  })
})
