import { MAX_DRAWING_BYTES } from '../../../contract/admin/catalogue'
import type { Lang } from '../../../contract/lang'
import { formatMegabytes } from '../../../contract/rules/sizeText'
import { fillIn } from '../careTexts'
import { STUDIO_TEXTS } from './texts'

/**
 * Why the console will not send `file` as a venue drawing, or null when it may: a file over the
 * upload's limit (contract MAX_DRAWING_BYTES) is refused before it is read or sent. Sent, the
 * server would refuse it only after the whole upload, as a request too large (413), and a browser
 * may drop the connection before reading that answer.
 */
export function drawingFileRefusal(file: Pick<File, 'size'>, lang: Lang): string | null {
  if (file.size <= MAX_DRAWING_BYTES) return null
  return fillIn(STUDIO_TEXTS[lang].fileTooLarge, { size: formatMegabytes(file.size, lang), max: formatMegabytes(MAX_DRAWING_BYTES, lang) })
}
