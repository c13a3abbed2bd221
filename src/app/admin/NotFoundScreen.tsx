import { Link } from 'react-router-dom'
import { NOTE_TEXTS } from './noteTexts'
import { useConsole, useScreenTitle } from './shell'

/** An address the console has no screen for: says so, with a way back to the console's start. */
export function NotFoundScreen() {
  const { lang } = useConsole()
  const n = NOTE_TEXTS[lang]
  const heading = useScreenTitle(n.notFound)
  return (
    <section aria-labelledby="adm-not-found-title">
      <h1 id="adm-not-found-title" tabIndex={-1} ref={heading}>
        {n.notFound}
      </h1>
      <p>{n.notFoundText}</p>
      <p>
        <Link to="/admin">{n.notFoundBack}</Link>
      </p>
    </section>
  )
}
