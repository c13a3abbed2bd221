import type { Def, Flag, Id, Loc } from './columns'

/** The storefront's own setup: settings, languages, rules pages, menus and stored images. */

export interface SettingsTable { key: string; value: string }
/** One row (id 1): the stored setup's version, counted by each write of it (migration 2026_12_06_23_sv1_01). */
export interface SetupStateTable { id: number; version: Def<number> }
export interface LanguagesTable { code: string; name: string; sortnum: Def<number>; enabled: Flag }
export type RulesTable = { id: Id; slug: string; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'infname'> & Loc<'url'> & Loc<'filebody'>
export type MenuKindsTable = { id: Id; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'name'>
export type MainMenusTable = {
  id: Id
  menu_kind_id: number
  sortnum: Def<number>
  showimage: Flag
  showfiltercalendar: Flag
  showattribute: Flag
  menucolumncount: Def<number>
  menurowcount: Def<number>
  archived_at: Def<number | null>
} & Loc<'name'>
export type SubMenusTable = { id: Id; main_menu_id: number; sortnum: Def<number> } & Loc<'name'>

export interface ImagesTable { id: Id; file_name: string; mime: string; width: Def<number>; height: Def<number>; body: string }
