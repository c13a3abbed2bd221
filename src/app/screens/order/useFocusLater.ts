import { useCallback, useEffect, useState } from 'react'
import { focusBack } from '../../lib/focusBack'

/**
 * Moves the focus once the page shows what a change brought: `focusLater(candidates)` focuses the
 * first of them that takes it (focusBack, the main landmark last) in an effect, after the next
 * commit. An order change reloads the order and the control that made it may be gone by then (the
 * last offer added closes the offers button, a removed service takes its remove button with it),
 * so the focus fell to the body; the candidates are read only after the reload is on the page.
 */
export function useFocusLater(): (candidates: () => readonly (HTMLElement | null | undefined)[]) => void {
  const [request, setRequest] = useState<{ candidates: () => readonly (HTMLElement | null | undefined)[] } | null>(null)
  useEffect(() => {
    if (request === null) return
    focusBack(request.candidates())
    setRequest(null)
  }, [request])
  return useCallback((candidates) => setRequest({ candidates }), [])
}
