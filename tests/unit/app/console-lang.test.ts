import { describe, expect, it } from 'vitest'
import { chosenConsoleLang } from '../../../src/app/admin/consoleLang'

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
