import { zoneInputInstant, zoneInputValue } from '../../contract/rules/wallClock'
import { typedOrNull, type Marks } from './refusal'
import { SESSION_TEXTS } from './sessionTexts'
import { useConsole } from './shell'
import { venueClockNote } from './venueClock'
import { aside } from '../i18n/punctuation'

/**
 * A session's on-sale window (calendars.sale_from, sale_to) as a form's two datetime-local inputs,
 * "On sale from" and "Sale ends", on the venue's clock (venueClock.ts), with the hint both name:
 * the same in the new-session form (NewSessionForm) and a session's edit form (EventSessions), so
 * the labels, the hint and the zone conversion are written once. '' in an input is no bound.
 */

/** The two inputs' values, as datetime-local text on the venue's clock; '' for no bound. */
export interface SaleWindow {
  saleFrom: string
  saleTo: string
}
/** No bound either way: the session is on sale as soon as it is active, until it starts. */
export const OPEN_WINDOW: SaleWindow = { saleFrom: '', saleTo: '' }

/** A saved bound (ms, or null: none) as its input's value on the zone's clock. */
export const saleInputOf = (ms: unknown, zone: string): string => (ms === null || ms === undefined ? '' : zoneInputValue(Number(ms), zone))
/** A bound's input as the contract's instant: '' is no bound (null), else the zone's wall clock read as an instant (NaN: not one, the contract says so). */
export const saleInstantOf = (value: string, zone: string): number | null => typedOrNull(value, (text) => zoneInputInstant(text, zone))

/** The labels a form's check (firstIssue) gives the window's fields, in the console's language. */
export function useSaleLabels(): Record<'sale_from' | 'sale_to', string> {
  const s = SESSION_TEXTS[useConsole().lang]
  return { sale_from: s.saleFromLabel, sale_to: s.saleToLabel }
}

interface Props {
  value: SaleWindow
  onChange: (value: SaleWindow) => void
  /** The form's refusal marks of a control by name (useRefusal's `marks`, bound to the form). */
  marks: (name: string) => Marks
  /** The hint's id: unique on the screen, as the new-session form and an edit form show at once. */
  hintId: string
}

/**
 * The two inputs (named sale_from and sale_to, as the contract's fields, so a refusal of either
 * focuses it) and the hint ("empty: no limit", whose clock). Each input names the hint; a refused
 * one names the refusal's note first, as it is what to read now.
 */
export function SaleWindowFields({ value, onChange, marks, hintId }: Props) {
  const { lang, timeZone } = useConsole()
  const s = SESSION_TEXTS[lang]
  const described = (name: string) => {
    const m = marks(name)
    return { ...m, 'aria-describedby': [m['aria-describedby'], hintId].filter(Boolean).join(' ') }
  }
  return (
    <>
      <label>
        {s.saleFromLabel}
        <input type="datetime-local" name="sale_from" value={value.saleFrom} onChange={(e) => onChange({ ...value, saleFrom: e.target.value })} {...described('sale_from')} />
      </label>
      <label>
        {s.saleToLabel}
        <input type="datetime-local" name="sale_to" value={value.saleTo} onChange={(e) => onChange({ ...value, saleTo: e.target.value })} {...described('sale_to')} />
      </label>
      <p id={hintId}>
        {s.saleHint}
        {aside(lang, venueClockNote(lang, timeZone))}
      </p>
    </>
  )
}
