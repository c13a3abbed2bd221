import { useRef, useState, type FormEvent } from 'react'
import { loginRequestSchema, type MeResponse } from '../../contract/admin/access'
import type { Lang } from '../../contract/lang'
import { AdminUnreachableError, type AdminApi } from './api'
import { issueText } from './issueTexts'
import { ErrorNote, messageOf, useScreenTitle } from './shell'
import type { AdminTexts } from './texts'

type Field = 'email' | 'password'
const ERROR_ID = 'adm-signin-error'

export function SignIn({ api, t, lang, onSignedIn }: { api: AdminApi; t: AdminTexts; lang: Lang; onSignedIn: (m: MeResponse) => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  // The field the contract refused, marked aria-invalid and described by the note.
  const [invalid, setInvalid] = useState<Field | null>(null)
  const [busy, setBusy] = useState(false)
  const heading = useScreenTitle(t.signIn)
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    // Checked by the contract here, not by the browser's required/type=email bubbles (the form is
    // noValidate): those speak the browser's language, not the console's.
    const checked = loginRequestSchema.safeParse({ email, password }, { reportInput: true })
    if (!checked.success) {
      const issue = checked.error.issues[0]
      const field: Field = issue.path[0] === 'password' ? 'password' : 'email'
      setInvalid(field)
      setError(issueText(issue, lang, { label: (key) => (key === 'password' ? t.password : t.email) }))
      inputs[field].current?.focus()
      return
    }
    setBusy(true)
    setError(null)
    setInvalid(null)
    try {
      onSignedIn(await api('login', { email, password }))
    } catch (err) {
      // The server's refusals come in the console's language; a failed connection has no text of its own.
      setError(err instanceof AdminUnreachableError ? t.unreachable : messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  const marks = (field: Field) => (invalid === field && error !== null ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {})
  return (
    <form className="adm-form adm-narrow" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="adm-signin-title">
      <h1 id="adm-signin-title" tabIndex={-1} ref={heading}>
        {t.signIn}
      </h1>
      <label>
        {t.email}
        <input ref={inputs.email} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} {...marks('email')} />
      </label>
      <label>
        {t.password}
        <input ref={inputs.password} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} {...marks('password')} />
      </label>
      <ErrorNote error={error} id={ERROR_ID} />
      <button type="submit" disabled={busy}>
        {t.enter}
      </button>
    </form>
  )
}
