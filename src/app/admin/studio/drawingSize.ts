import { MAX_DRAWING_BYTES } from '../../../contract/admin/catalogue'
import type { Lang } from '../../../contract/lang'
import { formatNumber } from '../../i18n/localeFormat'
import { fillIn } from '../careTexts'
import { STUDIO_TEXTS } from './texts'

const BYTES_PER_MB = 1024 * 1024
/** Sizes are said to a tenth of a megabyte, as the server's drawing refusals say them. */
const MB_TENTHS = 10

/**
 * `bytes` in MB, one decimal at most, rounded up (a size over the limit never reads as the limit),
 * as `lang` writes numbers (formatNumber's symbols, not Intl's: Chromium has no Kazakh data).
 */
function megabytes(bytes: number, lang: Lang): string {
  const tenths = Math.ceil((bytes / BYTES_PER_MB) * MB_TENTHS)
  return formatNumber(tenths / MB_TENTHS, lang, tenths % MB_TENTHS === 0 ? 0 : 1)
}

/**
 * Why the console will not send `file` as a venue drawing, or null when it may: a file over the
 * upload's limit (contract MAX_DRAWING_BYTES) is refused before it is read or sent. Sent, the
 * server would refuse it only after the whole upload, as a request too large (413), and a browser
 * may drop the connection before reading that answer.
 */
export function drawingFileRefusal(file: Pick<File, 'size'>, lang: Lang): string | null {
  if (file.size <= MAX_DRAWING_BYTES) return null
  return fillIn(STUDIO_TEXTS[lang].fileTooLarge, { size: megabytes(file.size, lang), max: megabytes(MAX_DRAWING_BYTES, lang) })
}
