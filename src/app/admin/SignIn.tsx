import { useState, type FormEvent } from 'react'
import type { MeResponse } from '../../contract/admin/access'
import { AdminUnreachableError, type AdminApi } from './api'
import { ErrorNote, messageOf, useScreenTitle } from './shell'
import type { AdminTexts } from './texts'

export function SignIn({ api, t, onSignedIn }: { api: AdminApi; t: AdminTexts; onSignedIn: (m: MeResponse) => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const heading = useScreenTitle(t.signIn)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      onSignedIn(await api('login', { email, password }))
    } catch (err) {
      // The server's refusals come in the console's language; a failed connection has no text of its own.
      setError(err instanceof AdminUnreachableError ? t.unreachable : messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="adm-form adm-narrow" onSubmit={(e) => void submit(e)} aria-labelledby="adm-signin-title">
      <h1 id="adm-signin-title" tabIndex={-1} ref={heading}>
        {t.signIn}
      </h1>
      <label>
        {t.email}
        <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {t.password}
        <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        {t.enter}
      </button>
    </form>
  )
}
