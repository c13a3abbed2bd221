import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { eventInputSchema } from '../../contract/admin/catalogue'
import { can } from '../../contract/admin/roles'
import { KIND_SUBSCRIPTIONS } from '../../contract/constants'
import { LANGS, type Lang } from '../../contract/lang'
import { AdminApiError } from './api'
import { firstIssue } from './issueTexts'
import { NOTE_TEXTS } from './noteTexts'
import { useRefusal } from './refusal'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'
import { StaleReload } from './StaleReload'
import type { AdminTexts } from './texts'
import { EventImageUpload } from './catalogue/EventImageUpload'
import { SubMenuPicks } from './catalogue/SubMenuPicks'
import { EventSessions } from './EventSessions'
import { EventActions } from './EventActions'
import { NewSessionForm } from './NewSessionForm'
import { EVENT_ACTION_TEXTS } from './eventActionTexts'
import { PriceFields, priceRequest } from './PriceForm'
import { isArchived, nameOf, offered, type Row } from './rows'
import { formatSession } from '../i18n/localeFormat'
import { SeatingRules } from './SeatingRules'
import { aside, separatorsOf } from '../i18n/punctuation'

type Refs = Record<'kinds' | 'menus' | 'sub_menus' | 'tags' | 'venues' | 'categories' | 'zones' | 'drawings', Row[]>

/** The editor's label of each field of the event input (per-language names add the language; a session's are NewSessionForm's, a price row's PriceForm's). */
function fieldLabel(t: AdminTexts, lang: Lang, key: string): string {
  const name = /^name_(\w+)$/.exec(key)
  if (name) return `${t.name}${aside(lang, name[1])}`
  const field = key.split('.')[0]
  const labels: Record<string, string> = {
    menu_kind_id: t.kind,
    venue_id: t.venue,
    scheme: t.seatMap,
    main_menu_ids: t.menus,
    sub_menus: t.menus,
    tag_ids: t.tags,
  }
  return labels[field] ?? key
}

/**
 * The editor of the event in the address, a fresh one per event: going from one event to another
 * (its copy just made) starts with that event's own state, and no answer asked for the first one
 * lands in it.
 */
export function EventEditorOf() {
  return <EventEditor key={useParams().id} />
}

export function EventEditor() {
  const { api, t, lang, operator } = useConsole()
  const { id } = useParams()
  const navigate = useNavigate()
  // A note handed over by the screen that opened this one (a copy just made: EventActions).
  const handed = (useLocation().state as { note?: unknown } | null)?.note
  const eventId = id === undefined ? null : Number(id)
  const mayWrite = can(operator.role, 'catalogue.write')
  const [refs, setRefs] = useState<Refs | null>(null)
  const [form, setForm] = useState<Record<string, string>>({ name_ru: '', name_en: '', name_kz: '', name_ch: '', kind: '', venue: '', scheme: '0' })
  const [detail, setDetail] = useState<{ event: Row; sessions: Row[]; prices: Row[]; main_menu_ids: number[]; sub_menus: { main_menu_id: number; sub_menu_id: number }[]; tag_ids: number[] } | null>(null)
  const [tags, setTags] = useState<string[]>([])
  // Every menu item the event is in (an event can be listed under several): all are sent back on save.
  const [menus, setMenus] = useState<string[]>([])
  // Each main item's sub-menu item ('' or absent: none), by the main item's id.
  const [subMenus, setSubMenus] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  // The event's version the form was filled from (sent on save; contract eventInputSchema.version)
  // and whether a save was refused because another one came since (then the editor offers a reload).
  const [version, setVersion] = useState<number | undefined>(undefined)
  const [stale, setStale] = useState(false)
  const [note, setNote] = useState<string | null>(typeof handed === 'string' ? handed : null)
  const [price, setPrice] = useState({ session: '', category: '', zone: '', price: '', quantity: '100' })
  // An archived event is read-only until restored (the server refuses its changes: admin-event-archived); Restore stays offered.
  const archived = detail !== null && isArchived(detail.event)
  const writable = mayWrite && !archived
  const title = eventId === null ? t.newEvent : nameOf((detail?.event ?? { id: 0 }) as Row, lang) || t.edit
  const heading = useScreenTitle(title)
  const refusals = useRefusal('adm-event')
  const { refuse, marks, note: refusal } = refusals

  /**
   * Reads the references and the event. `keepForm`: after a session, price or seating action the
   * event's own fields (names, kind, venue, tags, menus) stay as the operator left them, unsaved
   * edits included; only the first load fills them from the server (an action reloaded them and
   * the note said "Saved" while a typed name was gone).
   */
  const load = useCallback(async (keepForm = false) => {
    const r = (await api('refs', {})) as unknown as Refs
    setRefs(r)
    if (eventId === null) {
      const kind = offered(r.kinds)[0]
      setForm((f) => ({ ...f, kind: String(kind?.id ?? ''), venue: String(offered(r.venues)[0]?.id ?? '') }))
      const first = offered(r.menus).find((m) => m.menu_kind_id === kind?.id)
      setMenus(first ? [String(first.id)] : [])
      return
    }
    const d = (await api('event', {}, { id: eventId })) as unknown as NonNullable<typeof detail>
    setDetail(d)
    // The add-price form's session stays chosen while the event has it; one deleted since (the
    // select would show another and the row go to the deleted one) gives way to the first.
    setPrice((p) => ({ ...p, session: d.sessions.some((s) => String(s.id) === p.session) ? p.session : String(d.sessions[0]?.id ?? ''), category: p.category || String(offered(r.categories)[0]?.id ?? ''), zone: p.zone || String(offered(r.zones).find((z) => z.drawing_id === null)?.id ?? '') }))
    if (keepForm) return
    setVersion(Number(d.event.version))
    setStale(false)
    setTags(d.tag_ids.map(String))
    setMenus(d.main_menu_ids.map(String))
    setSubMenus(Object.fromEntries(d.sub_menus.map((p) => [String(p.main_menu_id), String(p.sub_menu_id)])))
    const e = d.event
    setForm({ name_ru: String(e.name_ru), name_en: String(e.name_en), name_kz: String(e.name_kz), name_ch: String(e.name_ch), kind: String(e.menu_kind_id), venue: String(e.venue_id ?? ''), scheme: String(e.scheme ?? 0) })
  }, [api, eventId])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])

  const run = async (fn: () => Promise<unknown>, done: string = t.saved) => {
    setError(null)
    setNote(null)
    try {
      // false: nothing was done yet (the screen asks the operator to confirm first); a string: the note to show instead of `done`.
      const out = await fn()
      if (out === false) return
      setNote(typeof out === 'string' ? out : done)
      await load(true)
    } catch (e) {
      setError(messageOf(e))
    }
  }

  const saveEvent = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const body = {
      ...(detail?.event ? pickEventFields(detail.event) : {}),
      name_ru: form.name_ru,
      name_en: form.name_en,
      name_kz: form.name_kz,
      name_ch: form.name_ch,
      menu_kind_id: Number(form.kind),
      venue_id: Number(form.venue),
      scheme: form.scheme === '1' ? 1 : 0,
      main_menu_ids: menus.map(Number),
      sub_menus: menus.filter((m) => subMenus[m]).map((m) => ({ main_menu_id: Number(m), sub_menu_id: Number(subMenus[m]) })),
      tag_ids: tags.map(Number),
      version: eventId === null ? undefined : version,
    }
    // The three forms are noValidate: these checks, not the browser's bubbles in the browser's language, say what is wrong.
    if (refuse(e, 'event', firstIssue(eventInputSchema, body, lang, { label: (key) => fieldLabel(t, lang, key) }))) return setError(null)
    void run(async () => {
      if (eventId === null) {
        const made = await api('eventCreate', body as never)
        void navigate(`/admin/events/${made.id}`)
      } else {
        try {
          setVersion((await api('eventUpdate', body as never, { id: eventId })).version)
        } catch (err) {
          setStale(err instanceof AdminApiError && err.details.stale === true)
          throw err
        }
      }
    })
  }
  const addPrice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const checked = priceRequest(price, zones, t, lang)
    if (refuse(e, 'price', checked)) return setError(null)
    const { body } = checked
    if (body === null || !price.session) return setError(`${t.session}: —`)
    void run(() => api('priceCreate', body, { id: Number(price.session) }))
  }
  const field = (key: string, label: string, extra: Record<string, unknown> = {}) => (
    <label key={key}>
      {label}
      <input value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} readOnly={!writable} {...extra} />
    </label>
  )
  // Once the event has sessions, where and how it sells are fixed (the server refuses a change:
  // each session sells on the venue and map it was made with); the controls say why.
  const sellingFixed = (detail?.sessions.length ?? 0) > 0
  const fixedHint = sellingFixed ? { 'aria-describedby': 'adm-selling-fixed' } : {}
  const select = (key: string, label: string, rows: Row[], locked = false, describedBy?: string) => (
    <label>
      {label}
      <select value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} disabled={!writable || locked} {...(locked ? fixedHint : describedBy ? { 'aria-describedby': describedBy } : {})}>
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {labelOf(r)}
          </option>
        ))}
      </select>
    </label>
  )
  /** A group of checkboxes (a fieldset named by its legend): one per row, the chosen ones checked. */
  const choices = (name: string, legend: string, rows: Row[], chosen: string[], setChosen: (ids: string[]) => void) => (
    <fieldset>
      <legend>{legend}</legend>
      {rows.map((r) => (
        <label key={r.id} className="adm-check">
          <input
            type="checkbox"
            name={name}
            value={r.id}
            checked={chosen.includes(String(r.id))}
            disabled={!writable}
            onChange={(e) => setChosen(e.target.checked ? [...chosen, String(r.id)] : chosen.filter((x) => x !== String(r.id)))}
            style={{ minHeight: 0, width: 'auto' }}
          />{' '}
          {labelOf(r)}
        </label>
      ))}
    </fieldset>
  )
  const sessionName = (s: Row) => formatSession(String(s.day), String(s.time), lang)
  const labelOf = (r: Row) => (isArchived(r) ? `${nameOf(r, lang)}${aside(lang, t.archivedMark)}` : nameOf(r, lang))
  const keptMenus = (detail?.main_menu_ids ?? []).map(String)
  // The section's menu items, plus any the event is in already (archived or of another section):
  // listed, so they are seen and sent back, never dropped unseen.
  const menuChoices = offered(refs?.menus ?? [], keptMenus).filter((m) => String(m.menu_kind_id) === form.kind || menus.includes(String(m.id)))
  const keptTags = (detail?.tag_ids ?? []).map(String)
  const published = detail?.event.published === 1
  const zones = offered(refs?.zones ?? []).filter((z) => {
    const s = detail?.sessions.find((x) => String(x.id) === price.session)
    return z.drawing_id === (s?.drawing_id ?? null)
  })
  const venueMaps = (refs?.drawings ?? []).filter((d) => String(d.venue_id) === String(detail?.event.venue_id ?? form.venue)).sort((a, b) => Number(a.version ?? 1) - Number(b.version ?? 1))
  const mapName = (id: unknown) => {
    const d = refs?.drawings.find((x) => x.id === id)
    return d ? `${String(d.name)} v${String(d.version ?? 1)}` : ''
  }
  if (!refs) return <p aria-busy="true">{t.loading}</p>
  // On a fresh shop the lists an event needs are empty and Save would only say "more than 0":
  // name what to create first and link to the catalogue screen that creates it.
  const notes = NOTE_TEXTS[lang]
  const missing = [
    { empty: offered(refs.kinds).length === 0, what: notes.emptyKinds, to: '/admin/catalogue/kinds' },
    { empty: form.kind !== '' && menuChoices.length === 0, what: notes.emptyMenus, to: '/admin/catalogue/menus' },
    { empty: offered(refs.venues).length === 0, what: notes.emptyVenues, to: '/admin/catalogue/venues' },
  ].filter((m) => m.empty)
  // The code treats this section's events as subscriptions by its id, whatever the section is
  // called (an older install's own section 2 among them): said where the operator picks it.
  const subscriptionKind = form.kind === String(KIND_SUBSCRIPTIONS)
  return (
    <section aria-labelledby="adm-event-title">
      <h1 id="adm-event-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p>
        <a href="/admin" onClick={(e) => (e.preventDefault(), void navigate('/admin'))}>
          {t.back}
        </a>
      </p>
      <ErrorNote error={error} />
      {stale && <StaleReload label={NOTE_TEXTS[lang].reloadEvent} load={() => load()} heading={heading} setError={setError} />}
      {archived && (
        <p className="adm-note" role="note" data-testid="event-archived">
          {EVENT_ACTION_TEXTS[lang].readOnly}
        </p>
      )}
      {note && (
        <p role="status" className="adm-note">
          {note}
        </p>
      )}
      {writable && missing.length > 0 && (
        <div className="adm-note" role="note" data-testid="event-needs">
          {notes.emptyBefore}{' '}
          {missing.map((m, i) => (
            <span key={m.to}>
              {i > 0 && separatorsOf(lang)('punct.comma')}
              <Link to={m.to}>{m.what}</Link>
            </span>
          ))}
          {aside(lang, notes.emptyWhere)}
        </div>
      )}
      <form className="adm-form" noValidate onSubmit={saveEvent} aria-label={t.name}>
        {refusal('event')}
        {LANGS.map((l) => field(`name_${l}`, `${t.name}${aside(lang, l)}`, { ...(l === 'ru' ? { required: true } : {}), name: `name_${l}`, ...marks('event', `name_${l}`) }))}
        {select('kind', t.kind, offered(refs.kinds, detail ? [String(detail.event.menu_kind_id)] : []), false, subscriptionKind ? 'adm-kind-subscriptions' : undefined)}
        {subscriptionKind && (
          <p id="adm-kind-subscriptions" className="adm-muted">
            {notes.subscriptionKind}
          </p>
        )}
        {select('venue', t.venue, offered(refs.venues, detail ? [String(detail.event.venue_id)] : []), sellingFixed)}
        {choices('menu', t.menus, menuChoices, menus, setMenus)}
        <SubMenuPicks t={t} chosen={menuChoices.filter((m) => menus.includes(String(m.id)))} subMenus={refs.sub_menus} picks={subMenus} setPicks={setSubMenus} labelOf={labelOf} writable={writable} />
        {choices('tag', t.tags, offered(refs.tags, keptTags), tags, setTags)}
        <label className="adm-check">
          <input type="checkbox" name="scheme" checked={form.scheme === '1'} disabled={!writable || sellingFixed} {...fixedHint} onChange={(e) => setForm({ ...form, scheme: e.target.checked ? '1' : '0' })} style={{ minHeight: 0, width: 'auto' }} /> {t.seatMap}
        </label>
        {sellingFixed && (
          <p id="adm-selling-fixed" className="adm-muted">
            {t.sellingFixed}
          </p>
        )}
        {writable && <button type="submit">{t.save}</button>}
      </form>
      {detail && (
        <>
          <p>
            <span className={published ? 'adm-badge adm-on' : 'adm-badge'}>{published ? t.published : t.draft}</span>{' '}
            {can(operator.role, 'catalogue.publish') && !archived && (
              <button type="button" onClick={() => void run(() => api('eventPublish', { published: published ? 0 : 1 }, { id: eventId! }))}>
                {published ? t.withdraw : t.publish}
              </button>
            )}
          </p>
          {mayWrite && <EventActions eventId={eventId!} archived={archived} act={(fn, done) => void run(fn, done)} />}
          {writable && <EventImageUpload eventId={eventId!} />}
          {detail.event.scheme === 1 && <SeatingRules eventId={eventId!} orphanRule={String(detail.event.orphan_rule ?? 'warn')} sessions={detail.sessions.map((s) => ({ id: Number(s.id), label: sessionName(s) }))} writable={writable} onSaved={() => void load(true)} />}
          <EventSessions heading={t.sessions} sessions={detail.sessions} prices={detail.prices} categories={refs.categories} zones={refs.zones} writable={writable} mapName={mapName} act={(fn, done) => void run(fn, done)} reload={() => void load(true).catch((e: unknown) => setError(messageOf(e)))} />
          {writable && <NewSessionForm eventId={eventId!} seatMap={detail.event.scheme === 1} maps={venueMaps} mapName={mapName} refusal={refusals} onRefused={() => setError(null)} act={(fn) => void run(fn)} />}
          {writable && detail.sessions.length > 0 && (
            <form className="adm-form adm-inline" noValidate onSubmit={addPrice} aria-label={t.addPrice}>
              {refusal('price')}
              <label>
                {t.session}
                <select name="session" value={price.session} onChange={(e) => setPrice({ ...price, session: e.target.value })}>
                  {detail.sessions.map((s) => (
                    <option key={s.id} value={s.id}>
                      {sessionName(s)}
                    </option>
                  ))}
                </select>
              </label>
              <PriceFields draft={price} onChange={(d) => setPrice({ ...price, ...d })} categories={offered(refs.categories)} zones={zones} t={t} lang={lang} marks={(name) => marks('price', name)} />
              <button type="submit">{t.addPrice}</button>
            </form>
          )}
          <p className="adm-muted">
            <Link to="/admin/venues">{t.notYet}</Link>
          </p>
        </>
      )}
    </section>
  )
}

/** The editable fields of a stored event (an edit sends the whole event back). */
function pickEventFields(e: Row): Record<string, unknown> {
  const keys = Object.keys(eventInputSchema.shape)
  return Object.fromEntries(Object.entries(e).filter(([k]) => keys.includes(k)))
}
