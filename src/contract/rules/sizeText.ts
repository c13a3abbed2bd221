import type { Lang } from '../lang'
import { formatNumber } from './moneyText'

const BYTES_PER_MB = 1024 * 1024
/** Sizes are said to a tenth of a megabyte. */
const MB_TENTHS = 10

/**
 * `bytes` in MB as `lang` writes numbers, one decimal at most, rounded up, so a size over a limit
 * never reads as the limit ("48,1" for one byte over 48 MB): the console's upload check and the
 * server's drawing refusals say sizes alike. Our own number symbols, not Intl's (Chromium has no
 * Kazakh data).
 */
export function formatMegabytes(bytes: number, lang: Lang): string {
  const tenths = Math.ceil((bytes / BYTES_PER_MB) * MB_TENTHS)
  return formatNumber(tenths / MB_TENTHS, lang, tenths % MB_TENTHS === 0 ? 0 : 1)
}
