import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderDataResponse, OrderDataRow } from '../../contract/entities/nominal'
import type { Lang } from '../../contract/lang'
import { firstVisitorError } from '../screens/nominal/model/errorText'
import { asksRegion, cleanDocNumber, confirmPayload, draftErrors, emptyDraft, maskBirthDate, regionsByCountry, visitorContext, type DraftField, type VisitorDraft } from '../screens/nominal/model/form'
import { CARE_TEXTS, fillIn } from './careTexts'
import { useRefusal, type Check } from './refusal'
import { ErrorNote, messageOf, useConsole } from './shell'

/**
 * The holders of an order's named tickets, entered in order care (a counter sale of a
 * named-ticket event). One fieldset per ticket with the fields its category asks (the shop's
 * named-ticket rows); the shop's draft and payload helpers build the call, and the server checks
 * every entry with the shop's rules (its message names the ticket and fields that are wrong).
 * The form is noValidate: before sending, the same rules run here (the shop's cards' words, in
 * the console's language through i18next, which the console keeps in step) and the first
 * refused field is named in its ticket's fieldset and focused, instead of the browser's bubble in
 * the browser's language.
 */
export function NameTickets({ orderId, onNamed }: { orderId: number; onNamed: (mailed: boolean) => void }) {
  const { api, lang, timeZone } = useConsole()
  const { t } = useTranslation()
  const c = CARE_TEXTS[lang]
  const n = c.names
  const uid = useId()
  const { refuse, marks, note } = useRefusal(`${uid}-names`)
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
  const legend = (row: OrderDataRow, i: number) => fillIn(n.ticket, { n: i + 1, category: row[`category_${lang}`] || row.category_ru })
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!data || busy) return
    const check = checkHolders(data, drafts, { lang, timeZone, t, legend })
    if (refuse(e, ticketForm(check.ticket), check)) return
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
  /** A control's name: the ticket's index and the draft's field, which the check names to focus. */
  const field = (i: number, f: DraftField) => ({ name: fieldName(i, f), ...marks(ticketForm(i), fieldName(i, f)) })
  const pick = <T extends { id: number; name_ru: string; name_en: string; name_kz: string; name_ch: string }>(items: readonly T[], value: number | null, set: (v: number | null) => void, label: string, i: number, f: DraftField) => (
    <label>
      {label}
      <select required {...field(i, f)} value={value ?? ''} onChange={(e) => set(e.target.value === '' ? null : Number(e.target.value))}>
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
        <form className="adm-form" noValidate onSubmit={(e) => void submit(e)}>
          {data.rows.map((row, i) => {
            const d = drafts[i]
            if (!d) return null
            const regionList = data.regions.filter((r) => r.country_id === d.countryId)
            return (
              <fieldset key={row.id}>
                <legend>{legend(row, i)}</legend>
                {note(ticketForm(i))}
                <label>
                  {n.surname}
                  <input required {...field(i, 'surname')} maxLength={32} autoComplete="off" value={d.surname} onChange={(e) => change(i, { surname: e.target.value })} />
                </label>
                <label>
                  {n.name}
                  <input required {...field(i, 'name')} maxLength={64} autoComplete="off" value={d.name} onChange={(e) => change(i, { name: e.target.value })} />
                </label>
                {/* Always asked, required only when needmiddlename = 1 (000 §5), as on the storefront. */}
                <label>
                  {n.middleName}
                  <input required={row.needmiddlename === 1} {...field(i, 'middleName')} maxLength={64} autoComplete="off" value={d.middleName} onChange={(e) => change(i, { middleName: e.target.value })} />
                </label>
                {row.needage === 1 && (
                  <label>
                    {n.age}
                    <input required {...field(i, 'age')} inputMode="numeric" maxLength={2} value={d.age} onChange={(e) => change(i, { age: e.target.value.replace(/\D/g, '') })} />
                  </label>
                )}
                {row.needage === 2 && (
                  <label>
                    {n.date}
                    <input required {...field(i, 'date')} inputMode="numeric" maxLength={10} value={d.date} onChange={(e) => change(i, { date: maskBirthDate(e.target.value) })} />
                  </label>
                )}
                {row.needdocument === 1 && (
                  <>
                    {pick(data.docTypes, d.docTypeId, (v) => change(i, { docTypeId: v }), n.docType, i, 'docTypeId')}
                    <label>
                      {n.docNum}
                      <input required {...field(i, 'docNum')} maxLength={32} autoComplete="off" value={d.docNum} onChange={(e) => change(i, { docNum: cleanDocNumber(e.target.value) })} />
                    </label>
                  </>
                )}
                {(row.needcountry === 1 || row.needregion === 1) && pick(data.countries, d.countryId, (v) => change(i, { countryId: v, regionId: null }), n.country, i, 'countryId')}
                {asksRegion(row, d, regions) && pick(regionList, d.regionId, (v) => change(i, { regionId: v }), n.region, i, 'regionId')}
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

const fieldName = (i: number, f: DraftField) => `t${i}-${f}`
/**
 * Each ticket's fieldset is a refusal of its own (useRefusal's form key): the note opens the
 * refused ticket, beside its fields, so on a long order the field stays in sight and keeps the
 * focus instead of the note far above it taking it.
 */
const ticketForm = (i: number | null) => `ticket-${i ?? 0}`

/**
 * The shop's rules on every holder (the server runs them again): the first refused field of the
 * first refused ticket, said as "Ticket N: category — the field's rule".
 */
function checkHolders(
  data: OrderDataResponse,
  drafts: readonly VisitorDraft[],
  ctx: { lang: Lang; timeZone: string; t: (key: string) => string; legend: (row: OrderDataRow, i: number) => string },
): Check & { ticket: number | null } {
  const now = new Date()
  const rules = visitorContext(data, now, ctx.timeZone)
  for (const [i, row] of data.rows.entries()) {
    const d = drafts[i]
    if (!d) continue
    const first = firstVisitorError(d, draftErrors(d, row, rules), { data, lang: ctx.lang, now, timeZone: ctx.timeZone, t: ctx.t })
    if (first) return { error: `${ctx.legend(row, i)} — ${first.text}`, field: fieldName(i, first.field), ticket: i }
  }
  return { error: null, field: null, ticket: null }
}
