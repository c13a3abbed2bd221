import type { ColumnType, Generated } from 'kysely'

/**
 * Column conventions of the row types (the *.table.ts files, gathered in database.ts), mirroring
 * src/server/migrations (the migrations are the truth; these types say what the code may read and
 * write). Ids are Generated numbers; 0/1 flags and money in minor units are numbers; timestamps
 * are epoch milliseconds; localized texts have one column per language and default to ''.
 */

/** Optional on insert (the column has a default). */
export type Def<T> = ColumnType<T, T | undefined, T>
export type Id = Generated<number>
export type Flag = Def<number>
type Langs = 'ru' | 'en' | 'kz' | 'ch'
/** A localized text: one column per language, `${K}_ru` … `${K}_ch`. */
export type Loc<K extends string> = { [L in Langs as `${K}_${L}`]: Def<string> }
