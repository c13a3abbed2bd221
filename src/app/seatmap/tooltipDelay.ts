import { useEffect, useRef, useState } from 'react'
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS } from '../../contract/constants'

/**
 * The seat tooltip's show and hide delays (000 §9: show 1000 ms, hide 400 ms). A pointer that
 * crosses seats on its way somewhere shows nothing; once a tooltip shows, moving to the next seat
 * follows at once (the visitor is reading seats), and leaving keeps it for the hide delay so it
 * does not flicker between neighbouring seats. No React here, so the timing is unit-tested.
 */
export class TooltipDelay<T> {
  private shown: T | null = null
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly onChange: (shown: T | null) => void,
    private readonly showMs = TOOLTIP_SHOW_DELAY_MS,
    private readonly hideMs = TOOLTIP_HIDE_DELAY_MS,
  ) {}

  /** The seat under the pointer now (null: none). */
  set(target: T | null): void {
    this.cancel()
    if (target !== null && this.shown !== null) return this.show(target)
    if (target === null && this.shown === null) return
    this.timer = setTimeout(() => this.show(target), target === null ? this.hideMs : this.showMs)
  }

  dispose(): void {
    this.cancel()
  }

  private show(target: T | null): void {
    this.timer = null
    this.shown = target
    this.onChange(target)
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }
}

/** The hovered seat as the tooltip should show it, with the spec's delays. */
export function useDelayedTooltip<T>(target: T | null): T | null {
  const [shown, setShown] = useState<T | null>(null)
  const delay = useRef<TooltipDelay<T> | null>(null)
  useEffect(() => {
    const d = new TooltipDelay<T>(setShown)
    delay.current = d
    return () => d.dispose()
  }, [])
  useEffect(() => {
    delay.current?.set(target)
  }, [target])
  return shown
}
