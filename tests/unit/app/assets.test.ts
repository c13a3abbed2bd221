import { describe, expect, it } from 'vitest'
import { cacheBust, isExternal, pickLogo, safeUrl } from '../../../src/app/lib/assets'
import { headerColors } from '../../../src/app/lib/color'
import { setupFixture } from './afishaFixture'

describe('logo and urls', () => {
  it('appends the cache-busting token before any fragment', () => {
    expect(cacheBust('/media/logo.png', 'abc')).toBe('/media/logo.png?v=abc')
    expect(cacheBust('/logo.png?x=1#f', 'abc')).toBe('/logo.png?x=1&v=abc#f')
    expect(cacheBust('', 'abc')).toBe('')
  })

  it('prefers the language variant and adds the mobile one', () => {
    const app = { ...setupFixture().app, logo: '/l.png', logo_en: '/l-en.png', logo_mobile: '/m.png' }
    const en = pickLogo(app, 'en')
    expect(en?.src).toMatch(/^\/l-en\.png\?v=/)
    expect(en?.mobileSrc).toMatch(/^\/m\.png\?v=/)
    expect(pickLogo(app, 'ru')?.src).toMatch(/^\/l\.png\?v=/)
    expect(pickLogo({ ...app, logo: '', logo_en: '' }, 'en')).toBeNull()
  })

  it('refuses unsafe urls and tells external ones apart', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeUrl('  ')).toBeUndefined()
    expect(safeUrl('https://lk.example.org')).toBe('https://lk.example.org')
    expect(isExternal('https://x')).toBe(true)
    expect(isExternal('/contacts')).toBe(false)
  })

  it('picks readable header text for the operator colour and ignores non-hex values', () => {
    expect(headerColors('#fff')).toEqual({ background: '#ffffff', text: '#111111' })
    expect(headerColors('#0b5cad')).toEqual({ background: '#0b5cad', text: '#ffffff' })
    expect(headerColors('red; background: url(x)')).toBeNull()
  })
})
