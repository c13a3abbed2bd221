import { useLayoutEffect, useRef, type FocusEvent } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * − count + for one price row. The plus is disabled when the rules allow no more
 * (`canAdd` false); group rows keep it enabled and let the caller refuse with a warning.
 *
 * A button pressed into its own disabled state (the plus at the limit, the minus at zero) hands
 * the keyboard focus to the other one: a disabled button cannot hold focus, and the browser
 * would drop it to the page's start, losing a keyboard or screen reader user's place.
 */
export function QuantityControl({ name, value, canAdd, onAdd, onRemove }: {
  name: string
  value: number
  canAdd: boolean
  onAdd: () => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const minus = useRef<HTMLButtonElement>(null)
  const plus = useRef<HTMLButtonElement>(null)
  /** The button last pressed while it had focus; cleared once its press has been answered. */
  const pressed = useRef<HTMLButtonElement | null>(null)
  const canRemove = value > 0
  // Before the browser paints (and before its focus fixup moves focus off a disabled button).
  useLayoutEffect(() => {
    const from = pressed.current
    if (!from) return
    const other = from === plus.current ? minus.current : plus.current
    if (from.disabled && other && !other.disabled && (document.activeElement === from || document.activeElement === document.body)) {
      other.focus()
      pressed.current = null
    } else if (!from.disabled) {
      pressed.current = null
    }
  }, [canAdd, canRemove])
  // Focus gone elsewhere by the user's own move: nothing to hand over any more.
  const left = (e: FocusEvent) => {
    if (e.relatedTarget) pressed.current = null
  }
  const press = (button: HTMLButtonElement | null, act: () => void) => {
    if (button && document.activeElement === button) pressed.current = button
    act()
  }
  return (
    <div className="quantity" role="group" aria-label={t('event.quantity', { name })}>
      <button ref={minus} type="button" className="quantity__button" aria-label={t('event.decrease', { name })} disabled={!canRemove} onBlur={left} onClick={() => press(minus.current, onRemove)}>
        <span aria-hidden="true">−</span>
      </button>
      <output className="quantity__value" aria-live="polite">{value}</output>
      <button ref={plus} type="button" className="quantity__button" aria-label={t('event.increase', { name })} disabled={!canAdd} onBlur={left} onClick={() => press(plus.current, onAdd)}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}
