import { describe, expect, it } from 'vitest'
import { MAX_DRAWING_BYTES } from '../../../src/contract/admin/catalogue'
import { drawingFileRefusal, drawingTextRefusal } from '../../../src/app/admin/studio/drawingSize'

const MB = 1024 * 1024

/** The console refuses a venue drawing over the upload's limit before sending it, in the operator's words. */
describe('drawingFileRefusal', () => {
  it('lets a file of the limit or less through', () => {
    expect(drawingFileRefusal({ size: MAX_DRAWING_BYTES }, 'en')).toBeNull()
    expect(drawingFileRefusal({ size: 1 }, 'kz')).toBeNull()
  })

  it('names the file\'s size and the limit in each language, a size just over the limit never reading as the limit', () => {
    const big = { size: Math.round(60.17 * MB) }
    expect(drawingFileRefusal(big, 'en')).toBe('The drawing was not uploaded: the file is 60.2 MB, and a drawing may be 48 MB at most')
    expect(drawingFileRefusal(big, 'ru')).toBe('Схему не удалось загрузить: файл занимает 60,2 МБ, а схема может занимать не больше 48 МБ')
    expect(drawingFileRefusal(big, 'kz')).toBe('Сызба жүктелмеді: файл 60,2 МБ, ал сызба ең көбі 48 МБ бола алады')
    expect(drawingFileRefusal(big, 'ch')).toBe('座位圖未上傳：檔案為 60.2 MB，座位圖最多只能 48 MB')
    expect(drawingFileRefusal({ size: MAX_DRAWING_BYTES + 1 }, 'en')).toContain('the file is 48.1 MB')
  })

  it('counts the text read from the file as the server does, in UTF-8 bytes', () => {
    expect(drawingTextRefusal('\n'.repeat(MAX_DRAWING_BYTES), 'en')).toBeNull()
    expect(drawingTextRefusal('я'.repeat(MAX_DRAWING_BYTES / 2 + 1), 'en')).toBe('The drawing was not uploaded: the file is 48.1 MB, and a drawing may be 48 MB at most')
    // Invalid bytes read as U+FFFD, 3 bytes each: a file at the limit may read larger.
    expect(drawingTextRefusal('\ufffd'.repeat(MAX_DRAWING_BYTES / 3 + 1), 'ru')).toContain('48,1 МБ')
  })
})
