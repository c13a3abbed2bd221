import { describe, expect, it } from 'vitest'
import { drawingUploadSchema, MAX_DRAWING_BYTES } from '../../../src/contract/admin/catalogue'
import { ISSUE } from '../../../src/contract/admin/issues'
import { utf8ByteLength, utf8FitsIn } from '../../../src/contract/rules/utf8'

/** Texts of every width: ASCII, 2-byte (Cyrillic, Kazakh), 3-byte (CJK, U+FFFF), 4-byte (pairs), lone surrogates. */
const TEXTS = [
  '',
  'seat A-1',
  '<svg>\n\t"\\"</svg>',
  'Зал «Астана»: қатар 5',
  '座位圖',
  '\u007f\u0080\u07ff\u0800\uffff',
  '😀 𝄞',
  '\ud83d',
  'a\ude00b',
  '\ud83d\ud83d\ude00',
  '\ude00\ud83d',
]

describe('utf8ByteLength: the drawing upload\'s size, counted in the browser and on the server alike', () => {
  it.each(TEXTS)('%j takes as many bytes as TextEncoder and Buffer write', (text) => {
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length)
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'))
  })

  it('counts by character width, not by UTF-16 code unit', () => {
    expect(utf8ByteLength('я'.repeat(10))).toBe(20)
    expect(utf8ByteLength('場'.repeat(10))).toBe(30)
    expect(utf8ByteLength('😀'.repeat(10))).toBe(40)
  })

  it('utf8FitsIn agrees with the count at its bound, whichever shortcut its length takes', () => {
    for (const text of [...TEXTS, 'я'.repeat(7), 'ab'.repeat(9), '😀😀a']) {
      const bytes = utf8ByteLength(text)
      for (const max of [0, text.length, bytes - 1, bytes, bytes + 1, text.length * 3]) if (max >= 0) expect(utf8FitsIn(text, max), `${JSON.stringify(text)} ≤ ${max}`).toBe(bytes <= max)
    }
  })
})

describe('drawingUploadSchema: at most MAX_DRAWING_BYTES in UTF-8', () => {
  const svgIssue = (svg: string) => drawingUploadSchema.safeParse({ name: 'hall', svg }).error?.issues.map((i) => i.message) ?? []

  it('a drawing of exactly the limit passes, however many newlines it has', () => {
    expect(svgIssue('\n'.repeat(MAX_DRAWING_BYTES))).toEqual([])
  })

  it('one byte over, or Cyrillic under the limit in UTF-16 but over it in UTF-8, is too large (ISSUE.tooLarge, answered 413)', () => {
    expect(svgIssue(' '.repeat(MAX_DRAWING_BYTES + 1))).toEqual([ISSUE.tooLarge])
    expect(svgIssue('я'.repeat(MAX_DRAWING_BYTES / 2 + 1))).toEqual([ISSUE.tooLarge])
    expect(svgIssue('я'.repeat(MAX_DRAWING_BYTES / 2))).toEqual([])
  })
})
