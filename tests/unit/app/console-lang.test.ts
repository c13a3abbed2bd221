import { describe, expect, it } from 'vitest'
import { browserConsoleLang, chosenConsoleLang } from '../../../src/app/admin/consoleLang'

describe("the console's language when it opens", () => {
  it("takes the address's ?lang= first, then this browser's last choice, else none (the operator's own decides)", () => {
    expect(chosenConsoleLang('?lang=en', 'kz')).toBe('en')
    expect(chosenConsoleLang('?x=1&lang=ch', null)).toBe('ch')
    expect(chosenConsoleLang('', 'kz')).toBe('kz')
    expect(chosenConsoleLang('?lang=de', 'en')).toBe('en')
    expect(chosenConsoleLang('?lang=de', 'xx')).toBeNull()
    expect(chosenConsoleLang('', null)).toBeNull()
  })
})

describe('the language the console and the door app start in before any choice', () => {
  it("is the first of the browser's languages that is ours, else Russian", () => {
    expect(browserConsoleLang(['ru-RU', 'en-US'])).toBe('ru')
    expect(browserConsoleLang(['en-US', 'en'])).toBe('en')
    expect(browserConsoleLang(['kk-KZ'])).toBe('kz')
    expect(browserConsoleLang(['kz'])).toBe('kz')
    expect(browserConsoleLang(['zh-CN'])).toBe('ch')
    expect(browserConsoleLang(['zh-Hant-TW'])).toBe('ch')
    expect(browserConsoleLang(['de-DE', 'fr'])).toBe('ru')
    expect(browserConsoleLang(['de-DE', 'EN-gb', 'ru'])).toBe('en')
    expect(browserConsoleLang([])).toBe('ru')
  })
})
