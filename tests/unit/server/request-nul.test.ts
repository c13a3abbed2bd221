import { describe, expect, it } from 'vitest'
import { nulPath } from '../../../src/server/plugins/validator'

describe('nulPath (plugins/validator.ts): where a request part holds a NUL character', () => {
  it('names the first string holding one, through objects and arrays, and nothing where there is none', () => {
    expect(nulPath({ name_ru: 'Взрослый', name_en: 'Adult' })).toBeNull()
    expect(nulPath({ a: 1, b: [true, null, 'x'] })).toBeNull()
    expect(nulPath('a\u0000b')).toEqual([])
    expect(nulPath({ name_ru: 'ok', name_en: 'Adult\u0000' })).toEqual(['name_en'])
    expect(nulPath({ tickets: [{ seat: 'a' }, { seat: 'b', fio: 'x\u0000' }] })).toEqual(['tickets', 1, 'fio'])
    expect(nulPath({ list: { ['k\u0000ey']: 1 } })).toEqual(['list', 'key'])
  })
})
