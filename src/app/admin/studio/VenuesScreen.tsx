import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { venueInputSchema } from '../../../contract/admin/catalogue'
import { can } from '../../../contract/admin/roles'
import { LANGS } from '../../../contract/lang'
import { firstIssue } from '../issueTexts'
import { useRefusal } from '../refusal'
import { nameOf, type Row } from '../rows'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { STUDIO_TEXTS } from './texts'
import { VenueMapMetaForm } from './VenueMapMetaForm'
import { drawingFileRefusal, drawingTextRefusal } from './drawingSize'
import { aside } from '../../i18n/punctuation'


/**
 * Venues at /admin/venues: create one, upload a drawing of it (imported on the server by the
 * venue library; the studio then shows the import report beside the map), open any version
 * of its map in the studio, and set its map's detail threshold (VenueMapMetaForm).
 */
export function VenuesScreen() {
  const { api, lang, t, operator } = useConsole()
  const s = STUDIO_TEXTS[lang]
  const navigate = useNavigate()
  const writable = can(operator.role, 'catalogue.write')
  const [venues, setVenues] = useState<Row[] | null>(null)
  const [drawings, setDrawings] = useState<Row[]>([])
  const [form, setForm] = useState<Record<string, string>>({ name_ru: '', name_en: '', name_kz: '', name_ch: '', address_ru: '' })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const refusal = useRefusal('adm-venues')
  const heading = useScreenTitle(s.venues)

  const load = useCallback(async () => {
    const r = await api('refs', {})
    setVenues(r.venues as Row[])
    setDrawings(r.drawings as Row[])
  }, [api])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    // The form's labels: "Name (ru)" for each language's name, the address (the Russian one; the catalogue edits the rest).
    const label = (key: string) => (key.startsWith('name_') ? `${t.name}${aside(lang, key.slice('name_'.length))}` : key.startsWith('address_') ? s.address : key)
    // The form is noValidate: the contract, not the browser's bubble in the browser's language, says a blank name, in the form, on the field.
    const parsed = firstIssue(venueInputSchema, form, lang, { label })
    if (refusal.refuse(e, 'new', parsed) || parsed.data === null) return
    try {
      await api('venueCreate', parsed.data)
      setForm({ name_ru: '', name_en: '', name_kz: '', name_ch: '', address_ru: '' })
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  const upload = async (venueId: number, file: File | undefined) => {
    if (!file) return
    setError(null)
    // Over the upload's limit: said here, before 48 MB and more are read and sent only to be refused.
    const tooLarge = drawingFileRefusal(file, lang)
    if (tooLarge) {
      setError(tooLarge)
      return
    }
    setBusy(venueId)
    try {
      const svg = await file.text()
      // Read, it is counted again as the server counts it (a file not all UTF-8 reads larger).
      const textTooLarge = drawingTextRefusal(svg, lang)
      if (textTooLarge) return setError(textTooLarge)
      const report = await api('venueDrawing', { name: file.name.replace(/\.svg$/i, ''), svg }, { id: venueId })
      void navigate(`/admin/drawings/${report.drawing_id}`)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="adm-venues-title">
      <h1 id="adm-venues-title" tabIndex={-1} ref={heading}>{s.venues}</h1>
      <ErrorNote error={error} />
      {writable && (
        <form className="adm-form adm-inline" noValidate onSubmit={(e) => void create(e)} aria-label={s.newVenue}>
          {refusal.note('new')}
          {LANGS.map((l) => (
            <label key={l} lang={l === 'ch' ? 'zh-Hant' : l === 'kz' ? 'kk' : l}>
              {t.name}
              {aside(lang, l)}
              <input name={`name_${l}`} value={form[`name_${l}`]} required={l === 'ru'} onChange={(e) => setForm({ ...form, [`name_${l}`]: e.target.value })} {...refusal.marks('new', `name_${l}`)} />
            </label>
          ))}
          <label>{s.address}<input name="address_ru" value={form.address_ru} onChange={(e) => setForm({ ...form, address_ru: e.target.value })} {...refusal.marks('new', 'address_ru')} /></label>
          <button type="submit">{s.create}</button>
        </form>
      )}
      {venues === null ? <p aria-busy="true">{t.loading}</p> : venues.length === 0 ? <p>{s.noVenues}</p> : (
        <ul className="adm-list">
          {venues.map((v) => {
            const maps = drawings.filter((d) => d.venue_id === v.id)
            return (
              <li key={v.id}>
                <h2 style={{ fontSize: '1.1rem', margin: '0.5rem 0 0' }}>{nameOf(v, lang)}{v.archived_at !== null && v.archived_at !== undefined && <>{' '}<span className="adm-badge">{t.archivedMark}</span></>}</h2>
                {maps.length > 0 && (
                  <ul>
                    {maps.map((d) => (
                      <li key={d.id}>
                        <Link to={`/admin/drawings/${d.id}`}>{String(d.name)} — {s.version} {String(d.version ?? 1)}</Link>
                        {aside(lang, `${String(d.seat_count)} ${s.seats.toLowerCase()}`)}
                      </li>
                    ))}
                  </ul>
                )}
                {writable && (
                  <label>
                    {s.upload}{' '}
                    {/* Outside .adm-form, a file input keeps its own minimum width (its button and "no file" words), 11 px past a 390 px phone: let it shrink to the list. */}
                    <input type="file" accept=".svg,image/svg+xml" disabled={busy !== null} onChange={(e) => void upload(v.id, e.target.files?.[0])} style={{ maxWidth: '100%', minWidth: 0 }} />
                  </label>
                )}
                {busy === v.id && <p role="status">{s.uploading}</p>}
                {writable && <VenueMapMetaForm venueId={v.id} stored={v.map_detail_threshold == null ? null : Number(v.map_detail_threshold)} onSaved={load} />}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
