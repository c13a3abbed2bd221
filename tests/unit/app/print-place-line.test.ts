import { describe, expect, it } from 'vitest'
import { placeLine } from '../../../src/app/admin/boxoffice/PrintScreen'

/** The printed ticket's place line (box office print page). */
describe('placeLine', () => {
  it('says the zone, the place and the category once each, in that order', () => {
    expect(placeLine({ zone: 'Партер', place: 'Ряд 3, место 12', category: 'Взрослый' })).toBe('Партер · Ряд 3, место 12 · Взрослый')
    expect(placeLine({ zone: 'Танцпол', place: 'Танцпол', category: 'Взрослый' })).toBe('Танцпол · Взрослый')
    expect(placeLine({ zone: 'Main hall', place: '', category: '' })).toBe('Main hall')
  })
})
