import type { Lang } from '../../contract/lang'

/** A row of a console list as the admin API answers it. */
export type Row = Record<string, unknown> & { id: number }

/** A row's name in `lang`, else its Russian name (the default language), else its id. */
export const nameOf = (r: Row, lang: Lang): string => String(r[`name_${lang}`] || r.name_ru || r.id)

export const isArchived = (r: Row): boolean => r.archived_at !== null && r.archived_at !== undefined

/**
 * The rows a pick-list offers: archived ones are not offered for a new choice, but one the record
 * already has (`kept`) stays listed, marked, so saving it does not silently drop it.
 */
export const offered = (rows: Row[], kept: readonly string[] = []): Row[] => rows.filter((r) => !isArchived(r) || kept.includes(String(r.id)))
