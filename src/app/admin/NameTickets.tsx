import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import type { OrderDataResponse } from '../../contract/entities/nominal'
import { asksRegion, cleanDocNumber, confirmPayload, emptyDraft, maskBirthDate, regionsByCountry, type VisitorDraft } from '../screens/nominal/model/form'
import { CARE_TEXTS, fillIn } from './careTexts'
import { ErrorNote, messageOf, useConsole } from './shell'

/**
 * The holders of an order's named tickets, entered in order care (a counter sale of a
 * named-ticket event). One fieldset per ticket with the fields its category asks (the shop's
 * named-ticket rows); the shop's draft and payload helpers build the call, and the server checks
 * every entry with the shop's rules (its message names the ticket and fields that are wrong).
 */
export function NameTickets({ orderId, onNamed }: { orderId: number; onNamed: (mailed: boolean) => void }) {
  const { api, lang } = useConsole()
  const c = CARE_TEXTS[lang]
  const n = c.names
  const uid = useId()
  const [data, setData] = useState<OrderDataResponse | null>(null)
  const [drafts, setDrafts] = useState<VisitorDraft[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    api('orderNames', {}, { id: orderId }).then(
      (d) => {
        setData(d)
        setDrafts(d.rows.map(emptyDraft))
      },
      (err: unknown) => setError(messageOf(err)),
    )
  }, [api, orderId])
  const regions = useMemo(() => (data ? regionsByCountry(data) : new Map<number, number[]>()), [data])
  const change = (i: number, patch: Partial<VisitorDraft>) => setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!data || busy) return
    setBusy(true)
    try {
      const { hash: _h, checkboxList: _c, ...columns } = confirmPayload(data.rows, drafts, '', lang, [])
      const answer = await api('orderName', columns, { id: orderId })
      setError(null)
      onNamed(answer.mailed)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  const pick = <T extends { id: number; name_ru: string; name_en: string; name_kz: string; name_ch: string }>(items: readonly T[], value: number | null, set: (v: number | null) => void, label: string) => (
    <label>
      {label}
      <select required value={value ?? ''} onChange={(e) => set(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{n.choose}</option>
        {items.map((it) => (
          <option key={it.id} value={it.id}>
            {it[`name_${lang}`] || it.name_ru}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <section aria-labelledby={`${uid}-title`} id="names" data-testid="name-tickets">
      <h2 id={`${uid}-title`}>{n.title}</h2>
      <p>{n.hint}</p>
      <ErrorNote error={error} />
      {data && (
        <form className="adm-form" onSubmit={(e) => void submit(e)}>
          {data.rows.map((row, i) => {
            const d = drafts[i]
            if (!d) return null
            const regionList = data.regions.filter((r) => r.country_id === d.countryId)
            return (
              <fieldset key={row.id}>
                <legend>{fillIn(n.ticket, { n: i + 1, category: row[`category_${lang}`] || row.category_ru })}</legend>
                <label>
                  {n.surname}
                  <input required maxLength={32} autoComplete="off" value={d.surname} onChange={(e) => change(i, { surname: e.target.value })} />
                </label>
                <label>
                  {n.name}
                  <input required maxLength={64} autoComplete="off" value={d.name} onChange={(e) => change(i, { name: e.target.value })} />
                </label>
                {/* Always asked, required only when needmiddlename = 1 (000 §5), as on the storefront. */}
                <label>
                  {n.middleName}
                  <input required={row.needmiddlename === 1} maxLength={64} autoComplete="off" value={d.middleName} onChange={(e) => change(i, { middleName: e.target.value })} />
                </label>
                {row.needage === 1 && (
                  <label>
                    {n.age}
                    <input required inputMode="numeric" maxLength={2} value={d.age} onChange={(e) => change(i, { age: e.target.value.replace(/\D/g, '') })} />
                  </label>
                )}
                {row.needage === 2 && (
                  <label>
                    {n.date}
                    <input required inputMode="numeric" maxLength={10} value={d.date} onChange={(e) => change(i, { date: maskBirthDate(e.target.value) })} />
                  </label>
                )}
                {row.needdocument === 1 && (
                  <>
                    {pick(data.docTypes, d.docTypeId, (v) => change(i, { docTypeId: v }), n.docType)}
                    <label>
                      {n.docNum}
                      <input required maxLength={32} autoComplete="off" value={d.docNum} onChange={(e) => change(i, { docNum: cleanDocNumber(e.target.value) })} />
                    </label>
                  </>
                )}
                {(row.needcountry === 1 || row.needregion === 1) && pick(data.countries, d.countryId, (v) => change(i, { countryId: v, regionId: null }), n.country)}
                {asksRegion(row, d, regions) && pick(regionList, d.regionId, (v) => change(i, { regionId: v }), n.region)}
              </fieldset>
            )
          })}
          <button type="submit" disabled={busy}>
            {n.save}
          </button>
        </form>
      )}
    </section>
  )
}
