import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useLink } from '../hooks/useLinks'
import type { MenuItem } from './model'

/** Top menu of kinds (tabs-like links; the selected one has aria-current). */
export function KindMenu({ items, selected }: { items: MenuItem[]; selected: number | null }) {
  const { t } = useTranslation()
  const link = useLink()
  return (
    <nav className="kind-menu" aria-label={t('afisha.kinds')}>
      <ul className="kind-menu__list">
        {items.map((kind) => (
          <li key={kind.id}>
            <Link className="kind-menu__item" to={link('/', { id: kind.id })} aria-current={kind.id === selected ? 'page' : undefined}>
              {kind.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Main menu strip of the selected kind: scrolls and swipes sideways on phones. */
export function MainMenu({ items, kindId, selected }: { items: MenuItem[]; kindId: number | null; selected: number | null }) {
  const { t } = useTranslation()
  const link = useLink()
  if (items.length === 0) return null
  const kind = kindId ?? undefined
  return (
    <nav className="main-menu" aria-label={t('afisha.menu')}>
      <ul className="main-menu__strip">
        <li>
          <Link className="chip" to={link('/', { id: kind })} aria-current={selected === null ? 'page' : undefined}>{t('afisha.all')}</Link>
        </li>
        {items.map((item) => (
          <li key={item.id}>
            <Link className="chip" to={link('/', { id: kind, sid: item.id })} aria-current={item.id === selected ? 'page' : undefined}>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
