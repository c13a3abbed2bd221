import { describe, expect, it } from 'vitest'
import { initialConsoleLang } from '../../../src/app/admin/consoleLang'

describe("the console's language when it opens", () => {
  it("takes the address's ?lang= first, then this browser's last choice, then Russian", () => {
    expect(initialConsoleLang('?lang=en', 'kz')).toBe('en')
    expect(initialConsoleLang('?x=1&lang=ch', null)).toBe('ch')
    expect(initialConsoleLang('', 'kz')).toBe('kz')
    expect(initialConsoleLang('?lang=de', 'en')).toBe('en')
    expect(initialConsoleLang('?lang=de', 'xx')).toBe('ru')
    expect(initialConsoleLang('', null)).toBe('ru')
  })
})
