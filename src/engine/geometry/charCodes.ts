/**
 * Character codes the hand-written readers of path data, transforms and decimals compare
 * against: they read the attribute string with charCodeAt instead of regular expressions
 * (no match arrays or substrings per number, at ~1M numbers per 1M-seat drawing).
 */
export const C_0 = 48
export const C_9 = 57
export const C_DOT = 46
export const C_PLUS = 43
export const C_MINUS = 45
export const C_E = 101
export const C_UPPER_E = 69
export const C_OPEN_PAREN = 40

export function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9
}
