import type { Lang } from '../../contract/lang'

/**
 * The console's date-time inputs are the venue's wall clock (VENUE_TIME_ZONE, given by the
 * sign-in and /api/admin/me as time_zone), not the operator's computer's: an operator in Berlin
 * setting an Almaty sale to open at 10:00 types 10:00, and sees 10:00 again. A datetime-local
 * input has no zone of its own, so its value is converted by contract/rules/wallClock.ts
 * zoneInputValue and zoneInputInstant, the rules the server reads a session's day and time by;
 * this module names the clock beside such an input.
 */

/** How each language names the venue's clock beside such an input; {zone} is the IANA name. */
const VENUE_CLOCK: Record<Lang, string> = {
  ru: 'время площадки, {zone}',
  en: 'venue time, {zone}',
  kz: 'алаң уақыты, {zone}',
  ch: '場館時間，{zone}',
}

/** "venue time, Asia/Almaty": said after a date-time input's label, so the operator knows whose clock it is. */
export function venueClockNote(lang: Lang, zone: string): string {
  return VENUE_CLOCK[lang].replace('{zone}', zone)
}
