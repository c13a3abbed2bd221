/**
 * Watches the map container's size (ResizeObserver) and the device pixel ratio (a media query on
 * the current ratio fires once when it changes: window moved to another screen, browser zoom)
 * and reports both through one callback.
 */
export interface ViewportSize {
  width: number
  height: number
  resolution: number
}

export function measureViewport(el: HTMLElement): ViewportSize {
  const r = el.getBoundingClientRect()
  return { width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)), resolution: globalThis.devicePixelRatio || 1 }
}

export class ViewportWatcher {
  private readonly resize: ResizeObserver
  private dprQuery: MediaQueryList | null = null

  constructor(
    private readonly el: HTMLElement,
    private readonly onChange: (size: ViewportSize) => void,
  ) {
    this.resize = new ResizeObserver(() => this.onChange(measureViewport(this.el)))
    this.resize.observe(el)
    this.watchDpr()
  }

  private readonly onDpr = (): void => {
    this.watchDpr()
    this.onChange(measureViewport(this.el))
  }

  private watchDpr(): void {
    this.dprQuery?.removeEventListener('change', this.onDpr)
    if (typeof matchMedia !== 'function') return
    this.dprQuery = matchMedia(`(resolution: ${globalThis.devicePixelRatio || 1}dppx)`)
    this.dprQuery.addEventListener('change', this.onDpr)
  }

  dispose(): void {
    this.resize.disconnect()
    this.dprQuery?.removeEventListener('change', this.onDpr)
  }
}
