/**
 * Gives focus back, as a dialog closes, to the first of `candidates` that takes it (Dialog,
 * ModalHost). The opener may be disabled by now (a submit button busy with the request the
 * dialog started) or gone from the page, and focus() on it does nothing: focus fell to the body,
 * and a keyboard or screen-reader user started again from the top of the document. The page's main landmark (tabIndex -1, the skip
 * link's target, as ScrollTop focuses it) is the last resort.
 */
export function focusBack(candidates: readonly (HTMLElement | null | undefined)[]): void {
  for (const el of [...candidates, document.querySelector<HTMLElement>('main')]) {
    if (!el?.isConnected || el === document.body) continue
    el.focus({ preventScroll: true })
    if (document.activeElement === el) return
  }
}
