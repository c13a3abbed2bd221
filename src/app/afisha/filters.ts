import { z } from 'zod'
import type { AfishaResponse } from '../../contract/entities/afisha'
import { pickLocalized, type Lang } from '../../contract/lang'
import type { EventCardModel, MenuItem } from './model'

/**
 * Afisha filters (document 000 §2, §4): text search, tag chips and "show available". They
 * combine; none active shows the full list. Values persist in localStorage, are cleared by
 * ?reset=1 and expire after FILTERS_TTL_MS.
 */
export interface AfishaFilters {
  search: string
  tags: number[]
  available: boolean
  /** Date range 'YYYY-MM-DD' ('' = open end); applied only where the calendar is shown. */
  from: string
  to: string
}

export const EMPTY_FILTERS: AfishaFilters = { search: '', tags: [], available: false, from: '', to: '' }

const DAY_RE = /^(\d{4}-\d{2}-\d{2})?$/

/** localStorage key of the kept filter values. */
export const FILTERS_STORAGE_KEY = 'afisha.filters'

/**
 * The spec says a time-based clearing exists without giving the time; our choice is one day,
 * long enough for a visitor coming back the same evening.
 */
export const FILTERS_TTL_MS = 24 * 60 * 60 * 1000

const storedSchema = z.object({
  savedAt: z.number(),
  search: z.string().max(200),
  tags: z.array(z.number().int().positive()).max(100),
  available: z.boolean(),
  from: z.string().regex(DAY_RE).default(''),
  to: z.string().regex(DAY_RE).default(''),
})

export function isFiltering(filters: AfishaFilters): boolean {
  return filters.search.trim() !== '' || filters.tags.length > 0 || filters.available || filters.from !== '' || filters.to !== ''
}

/** True when the event plays on at least one day inside [from, to] (open ends allowed). */
export function playsWithin(days: readonly string[], from: string, to: string): boolean {
  if (from === '' && to === '') return true
  return days.some((day) => (from === '' || day >= from) && (to === '' || day <= to))
}

/**
 * Cards passing every active filter; a card needs at least one of the chosen tags. The date
 * range counts only when `withDates` (the selected menu item shows the calendar).
 */
export function applyFilters(cards: EventCardModel[], filters: AfishaFilters, withDates = true): EventCardModel[] {
  const needle = filters.search.trim().toLocaleLowerCase()
  return cards.filter((card) => {
    if (withDates && !playsWithin(card.allDays, filters.from, filters.to)) return false
    if (needle !== '' && !card.title.toLocaleLowerCase().includes(needle) && !card.description.toLocaleLowerCase().includes(needle)) return false
    if (filters.tags.length > 0 && !filters.tags.some((tag) => card.tagIds.includes(tag))) return false
    if (filters.available && card.buy !== 'available') return false
    return true
  })
}

/** Tags used by the given cards, in list_tags order, at most `max` (20 desktop, 6 mobile). */
export function tagChips(cards: EventCardModel[], data: AfishaResponse, lang: Lang, max: number): MenuItem[] {
  const used = new Set(cards.flatMap((c) => c.tagIds))
  return data.list_tags
    .filter((tag) => used.has(tag.attr_id))
    .map((tag) => ({ id: tag.attr_id, name: pickLocalized(tag, 'attrname', lang) }))
    .filter((tag) => tag.name !== '')
    .slice(0, max)
}

/** Kept filters, or empty ones when none are kept, they are malformed or expired. */
export function loadFilters(storage: Pick<Storage, 'getItem'>, now: number): AfishaFilters {
  try {
    const raw = storage.getItem(FILTERS_STORAGE_KEY)
    if (raw === null) return EMPTY_FILTERS
    const parsed = storedSchema.safeParse(JSON.parse(raw))
    if (!parsed.success || now - parsed.data.savedAt > FILTERS_TTL_MS) return EMPTY_FILTERS
    const { search, tags, available, from, to } = parsed.data
    return { search, tags, available, from, to }
  } catch {
    return EMPTY_FILTERS
  }
}

export function saveFilters(storage: Pick<Storage, 'setItem' | 'removeItem'>, filters: AfishaFilters, now: number): void {
  try {
    if (!isFiltering(filters)) storage.removeItem(FILTERS_STORAGE_KEY)
    else storage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ savedAt: now, ...filters }))
  } catch {
    // Storage may be full or disabled (private mode): filters then simply are not kept.
  }
}

/**
 * The subscription filter (?sub=1, shown only to a client with subscriptions): events whose
 * hash one of the client's subscriptions covers.
 */
export function bySubscriptions(cards: EventCardModel[], hashes: readonly string[]): EventCardModel[] {
  const covered = new Set(hashes)
  return cards.filter((card) => covered.has(card.hash))
}
