import { useCallback, useState, type SetStateAction } from 'react'

/** Prefix of every key this module writes. */
const PREFIX = 'seatwise.form.'

function read<T>(key: string, fallback: T): T {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key)
    return raw === null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage full or denied (private mode): the form still works, only without memory.
  }
}

/**
 * useState that survives leaving the page in this tab (issue 13 item 7: a visitor who opens the
 * rules, or goes back and forth, finds the chosen tickets and typed buyer data again). Kept in
 * sessionStorage, so it ends with the tab and never reaches another visitor of the computer.
 * `valid` rejects a stored value of an older shape.
 */
export function useRemembered<T>(key: string, initial: () => T, valid: (v: unknown) => v is T): [T, (next: SetStateAction<T>) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = read<unknown>(key, undefined)
    return stored !== undefined && valid(stored) ? stored : initial()
  })
  const set = useCallback((next: SetStateAction<T>) => {
    setValue((prev) => {
      const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next
      write(key, v)
      return v
    })
  }, [key])
  return [value, set]
}
