import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { can, type Permission, type Role } from '../../contract/admin/roles'
import type { Lang } from '../../contract/lang'
import { CARE_TEXTS } from './careTexts'
import { CATALOGUE_TEXTS } from './catalogue/texts'
import { EXTRAS_TEXTS } from './catalogue/extrasTexts'
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
 * there are), the one open marked aria-current="page" (and drawn filled, admin.css). On a phone
 * they wrap into rows of finger-sized boxes, every one in sight.
 */
export function AdminNav({ label, lang, role }: { label: string; lang: Lang; role: Role }): ReactNode {
  const current = sectionOf(useLocation().pathname)
  return (
    <nav aria-label={label}>
      <ul>
        {SECTIONS.filter((s) => s.needs === undefined || can(role, s.needs)).map((s) => (
          <li key={s.to}>
            <Link to={s.to} aria-current={s === current ? 'page' : undefined}>
              {s.name(lang)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
