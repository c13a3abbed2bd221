/**
 * The import report's count of seats in sectors the drawing left without a name
 * (src/server/venues/import.ts), and the studio's own note for the version it shows
 * (src/app/admin/studio/unnamedSectors.ts), in each language the console speaks.
 */
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { SectorKind } from '../../../src/engine/model'
import { seatsInUnnamedSectors, unnamedSectorWarning } from '../../../src/server/venues/import'
import { STUDIO_TEXTS } from '../../../src/app/admin/studio/texts'
import { unnamedSectorsNote } from '../../../src/app/admin/studio/unnamedSectors'
import { warningText } from '../../../src/engine/parse/warnings'

describe('seats in sectors without a name, at import', () => {
  it('counts the seats of seated sectors whose name is empty or blank', () => {
    const sectors = [
      { name: '', kind: SectorKind.Seated, seatCount: 512 },
      { name: 'Tier I', kind: SectorKind.Seated, seatCount: 100 },
      { name: ' ', kind: SectorKind.Seated, seatCount: 4 },
      // A standing area is sold by its place, not by a seat's sector name.
      { name: '', kind: SectorKind.Standing, seatCount: 0 },
    ]
    expect(seatsInUnnamedSectors(sectors)).toBe(516)
    expect(seatsInUnnamedSectors(sectors.slice(1, 2))).toBe(0)
  })

  it('the warning says how many and where to name them (its code and count; the English for the CLI)', () => {
    expect(unnamedSectorWarning(512)).toEqual({ code: 'unnamed-sectors', params: { count: 512 } })
    expect(warningText(unnamedSectorWarning(512))).toBe('512 seats in sectors without a name: name them in the studio')
    expect(warningText(unnamedSectorWarning(1))).toBe('1 seat in sectors without a name: name them in the studio')
  })
})

describe('the studio note on the version it shows', () => {
  const plan = [
    { index: 0, name: '', kind: 0, seat_count: 512 },
    { index: 1, name: 'Tier I', kind: 0, seat_count: 100 },
    { index: 2, name: '', kind: 1, seat_count: 0 },
    { index: 3, name: '', kind: 0, seat_count: 4 },
  ]

  it('names the unnamed seated sectors as the studio lists them, in every language', () => {
    expect(unnamedSectorsNote(plan, STUDIO_TEXTS.en.unnamedSectors, 'en')).toBe('516 seats in sectors without a name (#0, #3): name them in the studio, under “Fixes to recognition” → “Rename sector”')
    for (const lang of LANGS) {
      const note = unnamedSectorsNote(plan, STUDIO_TEXTS[lang].unnamedSectors, lang)
      expect(note, lang).toContain('516')
      expect(note, lang).toContain('#0, #3')
      // It points at the studio's own controls, by the names they carry in that language.
      expect(note, lang).toContain(STUDIO_TEXTS[lang].renameSector)
      expect(note, lang).toContain(STUDIO_TEXTS[lang].fixes)
    }
  })

  it('counts one seat, two and five in their plural forms', () => {
    const one = (seats: number) => [{ index: 0, name: '', kind: 0, seat_count: seats }]
    expect(unnamedSectorsNote(one(1), STUDIO_TEXTS.en.unnamedSectors, 'en')).toMatch(/^1 seat in sectors without a name \(#0\)/)
    expect(unnamedSectorsNote(one(2), STUDIO_TEXTS.en.unnamedSectors, 'en')).toMatch(/^2 seats in sectors/)
    expect(unnamedSectorsNote(one(1), STUDIO_TEXTS.ru.unnamedSectors, 'ru')).toMatch(/^1 место в секторах без названия \(#0\)/)
    expect(unnamedSectorsNote(one(2), STUDIO_TEXTS.ru.unnamedSectors, 'ru')).toMatch(/^2 места в секторах/)
    expect(unnamedSectorsNote(one(5), STUDIO_TEXTS.ru.unnamedSectors, 'ru')).toMatch(/^5 мест в секторах/)
    expect(unnamedSectorsNote(one(1), STUDIO_TEXTS.kz.unnamedSectors, 'kz')).toMatch(/^Атауы жоқ секторларда 1 орын \(#0\)/)
    expect(unnamedSectorsNote(one(5), STUDIO_TEXTS.ch.unnamedSectors, 'ch')).toMatch(/^5 個座位所在的區沒有名稱（#0）/)
  })

  it('is gone once every seated sector has a name', () => {
    expect(unnamedSectorsNote(plan.map((s) => ({ ...s, name: s.kind === 0 ? `S${s.index}` : s.name })), STUDIO_TEXTS.en.unnamedSectors, 'en')).toBeNull()
  })
})
