/** Escapes text for HTML e-mail bodies (names and event titles come from people). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Money in major units with 2 decimals and the rouble sign (001 §9). */
export function rub(major: number): string {
  return `${major.toFixed(2)} ₽`
}
