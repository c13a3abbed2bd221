import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import { PHONE_DEFAULT_COUNTRY, PHONE_MAX_LENGTH } from '../../contract/constants'
import { KK_REGION_NAMES } from './regionNames.kk'

/**
 * General phone input helpers on libphonenumber-js (000 §5, §9: default country ru, at most 20
 * characters). The spec's third-party input also looked the visitor's country up from an outside
 * service; we do not: the default country is Russia and the buyer may pick another.
 */
export const DEFAULT_PHONE_COUNTRY = PHONE_DEFAULT_COUNTRY.toUpperCase() as CountryCode

export function isCountry(code: string): code is CountryCode {
  return (getCountries() as string[]).includes(code)
}

export interface PhoneInputResult {
  /** Text the field shows (formatted as typed, cut to the input limit). */
  text: string
  /** Country the number belongs to: detected from a '+…' prefix, else the chosen one. */
  country: CountryCode
}

/** Formats typed text as you type for the chosen country (AsYouType). */
export function formatPhoneInput(raw: string, country: string): PhoneInputResult {
  const chosen = isCountry(country) ? country : DEFAULT_PHONE_COUNTRY
  // Only digits and a leading '+' are phone characters; AsYouType adds its own separators.
  const cleaned = raw.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  if (cleaned === '') return { text: '', country: chosen }
  const typer = new AsYouType(chosen)
  const text = typer.input(cleaned).slice(0, PHONE_MAX_LENGTH)
  const detected = cleaned.startsWith('+') ? typer.getCountry() : undefined
  return { text, country: detected ?? chosen }
}

/**
 * The number in international E.164 form when it is a possible number, else the typed text
 * trimmed (the spec's rule only asks for more than 5 characters, so odd numbers still go as typed).
 */
export function toE164(text: string, country: string): string {
  // An empty field (every buyer form's first render validates one) is not parsed: the library's
  // first parse was 20-30 ms of the scheme page's first render at the phone profile (issue 16).
  if (text.trim() === '') return ''
  const parsed = parsePhoneNumberFromString(text, isCountry(country) ? country : DEFAULT_PHONE_COUNTRY)
  return parsed !== undefined && parsed.isPossible() ? parsed.number : text.trim()
}

/** '+7' for 'RU'. */
export function callingCode(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`
}

/** Region names the app ships for languages browsers lack them in, by locale tag. */
const SHIPPED_REGION_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = { kk: KK_REGION_NAMES }

/** Every country libphonenumber-js knows, named in the interface language, sorted by name. */
export function countryOptions(localeTag: string): { code: CountryCode; label: string }[] {
  const shipped = SHIPPED_REGION_NAMES[localeTag]
  let names: Intl.DisplayNames | null = null
  try {
    names = shipped ? null : new Intl.DisplayNames([localeTag], { type: 'region' })
  } catch {
    names = null
  }
  return getCountries()
    .map((code) => ({ code, label: `${shipped?.[code] ?? names?.of(code) ?? code} (${callingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, localeTag))
}
