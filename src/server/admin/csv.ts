/**
 * CSV as RFC 4180 writes it, for spreadsheets: a cell with the separator, a quote or a line break
 * is quoted (quotes doubled). A text cell that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return, also after leading spaces, and their full-width
 * forms ＝ ＋ － ＠, which some spreadsheets fold to the ASCII ones: buyers type their own names and
 * e-mails) gets a leading apostrophe, so opening the file never runs what a visitor wrote (OWASP
 * "CSV injection"). Numbers are written by the caller and are never touched.
 */
const FORMULA_START = /^\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
/** A phone number or a signed number ("+7 (916) 123-45-67"): no function can run from it, so it stays as typed. */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]+$/

/** A UTF-8 byte-order mark: without it Excel reads UTF-8 as the system's code page (Cyrillic and Chinese garbled). */
export const UTF8_BOM = '\uFEFF'

export type CsvCell = string | { number: string }

export function csvLine(cells: readonly CsvCell[], separator: string): string {
  return cells.map((c) => csvCell(c, separator)).join(separator) + '\r\n'
}

function csvCell(cell: CsvCell, separator: string): string {
  if (typeof cell !== 'string') return cell.number
  const text = FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
