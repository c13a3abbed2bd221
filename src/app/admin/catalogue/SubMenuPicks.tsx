import type { AdminTexts } from '../texts'

type Row = Record<string, unknown> & { id: number }

/**
 * One choice per chosen main-menu item that has sub-menu items: which of them lists the event
 * (the storefront's listing filters by it), or none. `picks` maps a main item's id to its
 * sub-menu item's id ('' for none); the editor sends them back as `sub_menus` on save.
 */
export function SubMenuPicks(props: {
  t: AdminTexts
  /** The chosen main-menu items, in the order the menu list shows them. */
  chosen: Row[]
  subMenus: Row[]
  picks: Record<string, string>
  setPicks: (picks: Record<string, string>) => void
  labelOf: (r: Row) => string
  writable: boolean
}) {
  const { t, chosen, subMenus, picks, setPicks, labelOf, writable } = props
  return (
    <>
      {chosen.map((menu) => {
        const subs = subMenus.filter((s) => s.main_menu_id === menu.id)
        if (subs.length === 0) return null
        const key = String(menu.id)
        return (
          <label key={key}>
            {t.subMenu.replace('{menu}', labelOf(menu))}
            <select name={`sub_menu_${key}`} value={picks[key] ?? ''} disabled={!writable} onChange={(e) => setPicks({ ...picks, [key]: e.target.value })}>
              <option value="">{t.noSubMenu}</option>
              {subs.map((s) => (
                <option key={s.id} value={s.id}>
                  {labelOf(s)}
                </option>
              ))}
            </select>
          </label>
        )
      })}
    </>
  )
}
