import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { can, type Permission, type Role } from '../../contract/admin/roles'
import type { Lang } from '../../contract/lang'
import { labelled, separatorsOf } from '../i18n/punctuation'
import { CARE_TEXTS } from './careTexts'
import { CATALOGUE_TEXTS } from './catalogue/texts'
import { EXTRAS_TEXTS } from './catalogue/extrasTexts'
import { NAV_TEXTS } from './navTexts'
import { STUDIO_TEXTS } from './studio/texts'
import { ADMIN_TEXTS } from './texts'

/** The console's address; a section's paths are under it. */
const CONSOLE = '/admin'

/**
 * One of the console's sections: where its link goes, the first segments (after /admin) of the
 * addresses that are its screens ('' is the console's start, the events list), what an operator
 * needs to see the link (none: every role), and its name.
 */
interface Section {
  to: string
  segments: readonly string[]
  needs?: Permission
  name: (lang: Lang) => string
}

/** The console's sections in the order of its links. */
const SECTIONS: readonly Section[] = [
  // An event's editor, its sales, its door, a session's waiting room and the box office are all opened from the events list.
  { to: CONSOLE, segments: ['', 'events', 'sessions', 'boxoffice'], name: (l) => ADMIN_TEXTS[l].events },
  // A venue's drawings open in the studio from the venues screen.
  { to: `${CONSOLE}/venues`, segments: ['venues', 'drawings'], name: (l) => STUDIO_TEXTS[l].venues },
  { to: `${CONSOLE}/catalogue/categories`, segments: ['catalogue'], name: (l) => CATALOGUE_TEXTS[l].catalogue },
  // Promo codes and offers are read with catalogue.write only (door and box office: 403); the shop's setup is linked from them.
  { to: `${CONSOLE}/extras/offers`, segments: ['extras', 'shop-setup'], needs: 'catalogue.write', name: (l) => EXTRAS_TEXTS[l].extras },
  { to: `${CONSOLE}/operators`, segments: ['operators'], needs: 'operators.manage', name: (l) => CATALOGUE_TEXTS[l].operators },
  { to: `${CONSOLE}/tokens`, segments: ['tokens'], needs: 'tokens.manage', name: (l) => CATALOGUE_TEXTS[l].tokens },
  { to: `${CONSOLE}/audit`, segments: ['audit'], needs: 'audit.read', name: (l) => CATALOGUE_TEXTS[l].audit },
  { to: `${CONSOLE}/orders`, segments: ['orders'], needs: 'sales.read', name: (l) => CARE_TEXTS[l].orders },
]

/** The section `pathname` is in, or null where it is in none (a mistyped /admin/whatever: the not-found screen). */
function sectionOf(pathname: string): Section | null {
  if (pathname !== CONSOLE && !pathname.startsWith(`${CONSOLE}/`)) return null
  const first = pathname.slice(CONSOLE.length + 1).split('/')[0]
  return SECTIONS.find((s) => s.segments.includes(first)) ?? null
}

/**
 * The console's links to the sections `role` may open, as a list (a screen reader says how many
 * there are), the one open marked aria-current="page" (and drawn filled, admin.css). On a desktop
 * the list is open, the links in a row as they were. On a phone (admin.css, max-width 40rem) it folds behind one
 * button that names the open section ("Разделы: События"; the open list took 182-282 px of header,
 * a third of the screen, on every console page); the button, a disclosure (aria-expanded,
 * aria-controls), opens the same list over the page. It folds again when a section is chosen (or
 * the address changes any other way), on Escape (focus back on the button), on a press outside it
 * and when focus leaves it. Both are always rendered and the media query picks, so nothing jumps
 * as the page loads; on a desktop the button is not shown and the list never folds.
 */
export function AdminNav({ label, lang, role }: { label: string; lang: Lang; role: Role }): ReactNode {
  const { pathname } = useLocation()
  const current = sectionOf(pathname)
  // The address the list was opened at: open only while it is still the address, so any way to
  // another one (a link in the page, the browser's Back) folds it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === pathname
  const listId = useId()
  const navRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpenAt(null)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return
    setOpenAt(null)
    toggleRef.current?.focus()
  }
  const onBlur = (e: FocusEvent) => {
    // Focus gone elsewhere on the page (Tab past the last link); not a press on nothing focusable (that is `outside`'s).
    if (open && e.relatedTarget !== null && !e.currentTarget.contains(e.relatedTarget)) setOpenAt(null)
  }
  // A section chosen folds the list; the one on screen again (no new screen takes the focus) hands it to the button.
  const choose = (s: Section) => {
    setOpenAt(null)
    if (s.to === pathname) toggleRef.current?.focus()
  }
  const sections = NAV_TEXTS[lang].sections
  return (
    <nav aria-label={label} ref={navRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button type="button" className="adm-nav-toggle" ref={toggleRef} aria-expanded={open} aria-controls={listId} onClick={() => setOpenAt(open ? null : pathname)}>
        {current === null ? sections : labelled(separatorsOf(lang), sections, current.name(lang))}
      </button>
      <ul id={listId} className={open ? 'adm-nav-open' : undefined}>
        {SECTIONS.filter((s) => s.needs === undefined || can(role, s.needs)).map((s) => (
          <li key={s.to}>
            <Link to={s.to} aria-current={s === current ? 'page' : undefined} onClick={() => choose(s)}>
              {s.name(lang)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
