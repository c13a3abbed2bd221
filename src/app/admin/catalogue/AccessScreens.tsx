import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { AuditEntry, Operator } from '../../../contract/admin/access'
import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, MIN_PASSWORD_LENGTH, operatorCreateRequestSchema, tokenCreateRequestSchema } from '../../../contract/admin/access'
import { AdminErrorCode, ROLES, type Role } from '../../../contract/admin/roles'
import { LANGS, type Lang } from '../../../contract/lang'
import { formatMoment } from '../../i18n/localeFormat'
import { aside, labelled, separatorsOf } from '../../i18n/punctuation'
import { firstIssue } from '../issueTexts'
import { typedOrNull, useRefusal } from '../refusal'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { LANG_NAMES } from '../texts'
import { AUDIT_ENTITIES, AUDIT_ENTITY_NAMES, auditActionName, auditEntityName } from './auditTexts'
import { CATALOGUE_TEXTS, ROLE_NAMES } from './texts'

/** A moment on the venue's clock, as the console's date-time inputs are. */
const when = (ms: number | null, lang: Lang, zone: string) => (ms === null ? '—' : formatMoment(ms, lang, zone))

function useTexts() {
  const c = useConsole()
  return { ...c, c: CATALOGUE_TEXTS[c.lang] }
}

/** /admin/operators — operator accounts: create, change role, disable or enable, unlock (owner only). */
export function OperatorsScreen() {
  const { api, c, t, lang, timeZone } = useTexts()
  const heading = useScreenTitle(c.operators)
  const [ops, setOps] = useState<Operator[] | null>(null)
  // The new operator's language: the console's own (the one the owner works in, most likely the
  // newcomer's too), following a switch of it until one is picked here; it was a fixed Russian.
  const [form, setForm] = useState({ email: '', name: '', role: 'manager' as Role, password: '', lang: null as string | null })
  const newLang = form.lang ?? lang
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const refusal = useRefusal('adm-ops')
  const load = useCallback(async () => setOps((await api('operators', {})).operators), [api])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])
  const run = async (fn: () => Promise<unknown>) => {
    setError(null)
    setNote(null)
    try {
      await fn()
      setNote(c.saved)
      await load()
    } catch (e) {
      setError(messageOf(e))
    }
  }
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const formEl = e.currentTarget
    setError(null)
    setNote(null)
    const labels: Record<string, string> = { email: c.email, name: c.name, role: c.role, password: c.password, lang: c.language }
    // Said in the form, on the field (refusal.tsx), not at the screen's top above the list.
    const parsed = firstIssue(operatorCreateRequestSchema, { ...form, lang: newLang }, lang, { label: (key) => labels[key] ?? key })
    if (refusal.refuse(e, 'new', parsed) || parsed.data === null) return
    try {
      await api('operatorCreate', parsed.data)
      setForm({ ...form, email: '', name: '', password: '' })
      setNote(c.saved)
      await load()
    } catch (err) {
      // A new operator's only conflict is an address another operator has (admin-email-taken): the server's words, on the e-mail field.
      if (!refusal.refuseAnswer(err, formEl, 'new', 'email', AdminErrorCode.CONFLICT)) setError(messageOf(err))
    }
  }
  return (
    <section aria-labelledby="adm-ops-title">
      <h1 id="adm-ops-title" tabIndex={-1} ref={heading}>{c.operators}</h1>
      <ErrorNote error={error} />
      {note && <p role="status" className="adm-note">{note}</p>}
      {ops === null ? <p aria-busy="true">{t.loading}</p> : (
        <div className="adm-scroll">
          <table>
            <thead><tr><th scope="col">{c.email}</th><th scope="col">{c.name}</th><th scope="col">{c.role}</th><th scope="col">{c.active}</th><th scope="col">{c.locked}</th><th scope="col">{c.actions}</th></tr></thead>
            <tbody>
              {ops.map((o) => (
                <tr key={o.id}>
                  <td>{o.email}</td>
                  <td>{o.name}</td>
                  <td>
                    <select aria-label={labelled(separatorsOf(lang), c.role, o.email)} value={o.role} onChange={(e) => void run(() => api('operatorUpdate', { role: e.target.value as Role }, { id: o.id }))}>
                      {ROLES.map((r) => <option key={r} value={r}>{ROLE_NAMES[lang][r]}</option>)}
                    </select>
                  </td>
                  <td>{o.active ? '✓' : '—'}</td>
                  <td>{o.locked_until && o.locked_until > Date.now() ? when(o.locked_until, lang, timeZone) : '—'}</td>
                  <td>
                    <button type="button" onClick={() => void run(() => api('operatorUpdate', { active: o.active ? 0 : 1 }, { id: o.id }))}>{o.active ? c.disable : c.enable}</button>{' '}
                    {o.locked_until !== null && o.locked_until > Date.now() && <button type="button" onClick={() => void run(() => api('operatorUpdate', { unlock: 1 }, { id: o.id }))}>{c.unlock}</button>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* noValidate: the contract checks it (create) and says why in the console's language; the browser's bubbles speak its own. */}
      <form className="adm-form" onSubmit={(e) => void create(e)} noValidate aria-labelledby="adm-ops-new">
        <h2 id="adm-ops-new">{c.creating}</h2>
        {refusal.note('new')}
        <label>{c.email}<input type="email" name="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} {...refusal.marks('new', 'email')} /></label>
        <label>{c.name}<input name="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} {...refusal.marks('new', 'name')} /></label>
        <label>{c.role}<select name="role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })} {...refusal.marks('new', 'role')}>{ROLES.map((r) => <option key={r} value={r}>{ROLE_NAMES[lang][r]}</option>)}</select></label>
        <label>{c.password}<input type="password" name="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} {...refusal.marks('new', 'password')} /></label>
        <label>{c.language}<select name="lang" value={newLang} onChange={(e) => setForm({ ...form, lang: e.target.value })} {...refusal.marks('new', 'lang')}>{LANGS.map((l) => <option key={l} value={l}>{LANG_NAMES[l]}</option>)}</select></label>
        <button type="submit">{c.create}</button>
      </form>
    </section>
  )
}

type Token = { id: number; name: string; role: Role; prefix: string; created_at: number; last_used_at: number | null; revoked_at: number | null; expires_at: number | null }

/** /admin/tokens — API tokens for integrations: create (shown once) with a lifetime in days, see each one's end, revoke (owner only). */
export function TokensScreen() {
  const { api, c, t, lang, timeZone } = useTexts()
  const heading = useScreenTitle(c.tokens)
  const [tokens, setTokens] = useState<Token[] | null>(null)
  // The days as typed: a cleared field goes to the check as null ("required"), not as Number('') = 0.
  const [form, setForm] = useState({ name: '', role: 'boxoffice' as Role, days: String(DEFAULT_TOKEN_DAYS) })
  const { refuse, marks, note } = useRefusal('adm-tok')
  const [shown, setShown] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => setTokens((await api('tokens', {})).tokens), [api])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    // The form is noValidate: the contract's check, not the browser's bubbles in the browser's language, says a blank name or days out of range.
    const labels: Record<string, string> = { name: c.tokenName, role: c.role, expires_in_days: c.tokenDays }
    const checked = firstIssue(tokenCreateRequestSchema, { name: form.name, role: form.role, expires_in_days: typedOrNull(form.days, Number) }, lang, { label: (key) => labels[key] ?? key })
    if (refuse(e, 'new', checked) || checked.data === null) return
    try {
      const r = await api('tokenCreate', checked.data)
      setShown(r.token)
      setForm({ ...form, name: '' })
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  const revoke = async (id: number) => {
    setError(null)
    try {
      await api('tokenRevoke', {}, { id })
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  return (
    <section aria-labelledby="adm-tok-title">
      <h1 id="adm-tok-title" tabIndex={-1} ref={heading}>{c.tokens}</h1>
      <ErrorNote error={error} />
      {shown && <p role="status" className="adm-note">{c.tokenShown} <code data-testid="new-token">{shown}</code></p>}
      {tokens === null ? <p aria-busy="true">{t.loading}</p> : tokens.length === 0 ? <p>{c.none}</p> : (
        <div className="adm-scroll">
          <table>
            <thead><tr><th scope="col">{c.tokenName}</th><th scope="col">{c.role}</th><th scope="col">sw_…</th><th scope="col">{c.lastUsed}</th><th scope="col">{c.tokenExpires}</th><th scope="col">{c.actions}</th></tr></thead>
            <tbody>
              {tokens.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>{ROLE_NAMES[lang][k.role]}</td>
                  <td><code>{k.prefix}…</code></td>
                  <td>{when(k.last_used_at, lang, timeZone)}</td>
                  <td>{k.expires_at === null ? c.tokenNoExpiry : <>{when(k.expires_at, lang, timeZone)}{k.expires_at <= Date.now() && aside(lang, c.tokenExpired)}</>}</td>
                  <td>{k.revoked_at !== null ? c.revoked : <button type="button" onClick={() => void revoke(k.id)} aria-label={labelled(separatorsOf(lang), c.revoke, k.name)}>{c.revoke}</button>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="adm-form adm-inline" noValidate onSubmit={(e) => void create(e)} aria-labelledby="adm-tok-new">
        <h2 id="adm-tok-new">{c.creating}</h2>
        {note('new')}
        <label>{c.tokenName}<input name="name" required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} {...marks('new', 'name')} /></label>
        <label>{c.role}<select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>{ROLES.map((r) => <option key={r} value={r}>{ROLE_NAMES[lang][r]}</option>)}</select></label>
        <label>{c.tokenDays}<input type="number" name="expires_in_days" required min={1} max={MAX_TOKEN_DAYS} step={1} value={form.days} onChange={(e) => setForm({ ...form, days: e.target.value })} {...marks('new', 'expires_in_days')} /></label>
        <button type="submit">{c.create}</button>
      </form>
    </section>
  )
}

/** /admin/audit — who changed what and when, with the entity before and after; actions and entities by name (auditTexts.ts). */
export function AuditScreen() {
  const { api, c, t, lang, timeZone } = useTexts()
  const heading = useScreenTitle(c.audit)
  const [entity, setEntity] = useState('')
  const [entries, setEntries] = useState<AuditEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setEntries(null)
    api('audit', { limit: 200, ...(entity ? { entity } : {}) }).then((r) => setEntries(r.entries), (e: unknown) => setError(messageOf(e)))
  }, [api, entity])
  return (
    <section aria-labelledby="adm-audit-title">
      <h1 id="adm-audit-title" tabIndex={-1} ref={heading}>{c.audit}</h1>
      <label>
        {c.filter}{' '}
        <select value={entity} onChange={(e) => setEntity(e.target.value)}>
          <option value="">{c.allEntities}</option>
          {AUDIT_ENTITIES.map((e) => <option key={e} value={e}>{AUDIT_ENTITY_NAMES[lang][e]}</option>)}
        </select>
      </label>
      <ErrorNote error={error} />
      {entries === null ? <p aria-busy="true">{t.loading}</p> : entries.length === 0 ? <p>{c.none}</p> : (
        <div className="adm-scroll">
          <table>
            <thead><tr><th scope="col">{c.when}</th><th scope="col">{c.who}</th><th scope="col">{c.action}</th><th scope="col">{c.entity}</th><th scope="col">{c.before} / {c.after}</th></tr></thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{when(e.created_at, lang, timeZone)}</td>
                  <td>{e.actor}</td>
                  <td>{auditActionName(e.action, lang)}</td>
                  <td>{auditEntityName(e.entity, lang)} {e.entity_id}</td>
                  <td>
                    {(e.before !== null || e.after !== null) && (
                      <details>
                        <summary>{c.before} / {c.after}</summary>
                        <pre style={{ whiteSpace: 'pre-wrap', maxWidth: '40rem' }}>{JSON.stringify({ before: e.before, after: e.after }, null, 1)}</pre>
                      </details>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
