import { MAX_DRAWING_BYTES } from '../../../contract/admin/catalogue'
import type { Lang } from '../../../contract/lang'
import { formatMegabytes } from '../../../contract/rules/sizeText'
import { utf8ByteLength } from '../../../contract/rules/utf8'
import { fillIn } from '../careTexts'
import { STUDIO_TEXTS } from './texts'

/**
 * Why the console will not send `file` as a venue drawing, or null when it may: a file over the
 * upload's limit (contract MAX_DRAWING_BYTES, the drawing's UTF-8 bytes as in the file) is refused
 * before it is read or sent. Sent, the server would refuse it only after the whole upload, as a
 * request too large (413), and a browser may drop the connection before reading that answer.
 */
export function drawingFileRefusal(file: Pick<File, 'size'>, lang: Lang): string | null {
  return drawingSizeRefusal(file.size, lang)
}

/**
 * The same for the file's text once read, counted as the server counts it (utf8ByteLength): a
 * file whose bytes are not all UTF-8 reads with replacement characters (3 bytes each) and may
 * grow past the limit. Its byte-order mark, dropped by the reading, no longer counts.
 */
export function drawingTextRefusal(svg: string, lang: Lang): string | null {
  return drawingSizeRefusal(utf8ByteLength(svg), lang)
}

function drawingSizeRefusal(bytes: number, lang: Lang): string | null {
  if (bytes <= MAX_DRAWING_BYTES) return null
  return fillIn(STUDIO_TEXTS[lang].fileTooLarge, { size: formatMegabytes(bytes, lang), max: formatMegabytes(MAX_DRAWING_BYTES, lang) })
}
