import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { LOGO_SLOTS, loyaltyInputSchema, setupInputSchema } from '../../../contract/admin/offers'
import { can } from '../../../contract/admin/roles'
import { LANGS, type Lang } from '../../../contract/lang'
import { CURRENCY_CODES, currencySymbol } from '../../../contract/rules/moneyText'
import { useSession } from '../../state/session'
import { AdminApiError } from '../api'
import { NOTE_TEXTS } from '../noteTexts'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { StaleReload } from '../StaleReload'
import { ImageUpload } from './EventImageUpload'
import { LoyaltyCardBlock } from './LoyaltyCardBlock'
import { withCurrency } from '../money'
import { EXTRAS_TEXTS, type ExtrasTexts } from './extrasTexts'
import { firstIssue } from '../issueTexts'
import { typedOrNull, useRefusal } from '../refusal'
import { bodyOf, FieldInputs, fieldOf, formOf, isMoneyIn, labelOf, langAttr, type Field, type FormState } from './recordForm'
import { aside } from '../../i18n/punctuation'

type Label = keyof ExtrasTexts
type Link = { url: string } & Record<`text_${(typeof LANGS)[number]}`, string>
const blankLink = (): Link => ({ url: '', text_ru: '', text_en: '', text_kz: '', text_ch: '' })

/** The shell's fields, grouped as the form shows them; keys are "group.field" of the contract's setup input. */
const GROUPS: { title: Label; fields: Field<Label>[] }[] = [
  {
    title: 'moneyGroup',
    fields: [
      { key: 'app.currency', label: 'currency', type: 'select', options: CURRENCY_CODES.map((c) => ({ value: c, label: `${c} (${currencySymbol(c)})` })) },
      { key: 'app.order_return', label: 'order_return', type: 'flag' },
    ],
  },
  {
    title: 'logos',
    fields: [
      { key: 'app.logo', label: 'logo', type: 'text' },
      { key: 'app.logo_mobile', label: 'logo_mobile', type: 'text' },
      ...LANGS.map((l) => ({ key: `app.logo_${l}`, label: 'logo_lang' as Label, type: 'text' as const, suffix: l })),
      { key: 'app.logo_width', label: 'logo_width', type: 'number' },
      { key: 'app.url_logo', label: 'url_logo', type: 'text' },
    ],
  },
  {
    title: 'header',
    fields: [
      { key: 'app.header', label: 'show_header', type: 'flag' },
      { key: 'app.header_background', label: 'header_background', type: 'text' },
      { key: 'app.url_lk', label: 'url_lk', type: 'text' },
      { key: 'app.scroll_top', label: 'scroll_top', type: 'flag' },
    ],
  },
  {
    title: 'footer',
    fields: [
      { key: 'app.footer', label: 'show_footer', type: 'flag' },
      { key: 'app.footer_text', label: 'footer_text', type: 'loclong' },
      { key: 'app.footer_db_info', label: 'footer_db_info', type: 'flag' },
    ],
  },
  {
    title: 'contacts',
    fields: [
      // The venue-written texts per language ({key}_{lang}, contract/rules/setupTexts.ts): the footer
      // and the contacts page show the visitor's, else English, else the storefront's language's;
      // the labels show the visitor's, else the shop's own wording in the visitor's language.
      { key: 'db.info_client', label: 'info_client', type: 'loclong' },
      { key: 'db.info_contact', label: 'info_contact', type: 'loclong' },
      { key: 'db.returntoafishabutton', label: 'returntoafishabutton', type: 'flag' },
      { key: 'db.returntoafishaname', label: 'returntoafishaname', type: 'loc' },
      { key: 'db.topingname', label: 'topingname', type: 'loc' },
      { key: 'db.topingbuttonname', label: 'topingbuttonname', type: 'loc' },
      { key: 'db.showproculture', label: 'showproculture', type: 'flag' },
    ],
  },
  { title: 'titles', fields: [{ key: 'title', label: 'title', type: 'loc' }] },
]
const ALL = GROUPS.flatMap((g) => g.fields)

/** The group a contract key's field is shown in: a refusal is said in that fieldset, beside the field (the form is longer than a phone's screen). */
function groupOf(key: string): Label {
  if (key.startsWith('app.footer_links')) return 'footer'
  return GROUPS.find((g) => fieldOf(g.fields, key) !== undefined)?.title ?? GROUPS[0].title
}

/** A logo field's label as the form shows it ("Logo for language (kz)"). */
function slotLabel(t: ExtrasTexts, lang: Lang, slot: (typeof LOGO_SLOTS)[number]): string {
  return slot === 'logo' || slot === 'logo_mobile' ? t[slot] : `${t.logo_lang}${aside(lang, slot.slice('logo_'.length))}`
}

/** Stored setup as form strings ("app.logo" → value). */
function flatten(setup: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(setup)) {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = v2
    else out[k] = v
  }
  return out
}
/** The flat form body back as the contract's nested input. */
function nest(flat: Record<string, unknown>, links: Link[]): Record<string, unknown> {
  const groups: Record<string, Record<string, unknown>> = { app: { footer_links: links }, db: {} }
  const out: Record<string, unknown> = groups
  for (const [k, v] of Object.entries(flat)) {
    const dot = k.indexOf('.')
    if (dot < 0) out[k] = v
    else groups[k.slice(0, dot)][k.slice(dot + 1)] = v
  }
  return out
}

/**
 * The form's version after its own logo upload (which counts as a change of the setup): the
 * upload's when it is one more than the form's, i.e. no other save came between; otherwise the
 * form keeps its own, so its next save is refused as stale instead of putting back the other one's.
 */
function nextAfterUpload(form: number | undefined, uploaded: number): number | undefined {
  return form !== undefined && uploaded === form + 1 ? uploaded : form
}

/** /admin/shop-setup — what the shop's shell shows (logos, colours, header, footer, contacts, title), the loyalty percent and blocking a loyalty card. */
export function SetupScreen() {
  const { api, lang, operator, t: base, currency } = useConsole()
  const t = useMemo(() => withCurrency(EXTRAS_TEXTS[lang], currency), [lang, currency])
  const writable = can(operator.role, 'settings.manage')
  const [form, setForm] = useState<FormState | null>(null)
  const [links, setLinks] = useState<Link[]>([])
  const [percent, setPercent] = useState('')
  const [logoSlot, setLogoSlot] = useState<(typeof LOGO_SLOTS)[number]>('logo')
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  // The setup's version the form was filled from (sent on save; contract setupInputSchema.version)
  // and whether a save was refused because another save or a logo upload came since (then the
  // screen offers a reload), as the event editor does.
  const [version, setVersion] = useState<number | undefined>(undefined)
  const [stale, setStale] = useState(false)
  const refusal = useRefusal('adm-setup')
  const heading = useScreenTitle(t.setup)

  const load = useCallback(async () => {
    const [setup, extras] = await Promise.all([api('setup', {}), api('extras', {})])
    const { version: loaded, ...fields } = setup
    setForm(formOf(ALL, flatten(fields)))
    setVersion(loaded)
    setStale(false)
    setLinks(setup.app.footer_links.map((l) => ({ ...blankLink(), ...l })))
    setPercent(String(extras.loyalty.accrual_percent))
  }, [api])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])

  const label = (key: string) => labelOf(ALL, t, key, lang) ?? (key.startsWith('app.footer_links') ? t.footer_links : key)
  const send = async (fn: () => Promise<unknown>) => {
    try {
      await fn()
      // The currency the console (and the shop) writes amounts in may have changed.
      void useSession.getState().loadSetup()
      // "Saved" once the form shows what was stored: said before, an edit made right after it was
      // overwritten when the stored setup came back (a box re-ticked then saved went as unticked).
      await load()
      setNote(t.saved)
    } catch (err) {
      setError(messageOf(err))
    }
  }
  // The forms are noValidate: the contract says what is wrong, in the form and on the field (refusal.tsx), not at the screen's top.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    setNote(null)
    const checked = firstIssue(setupInputSchema, { ...nest(bodyOf(ALL, form ?? {}), links), version }, lang, { label, money: isMoneyIn(ALL) })
    if (refusal.refuse(e, groupOf(checked.field ?? ''), checked)) return
    void send(async () => {
      try {
        // The answer's version is the form's from now on: the same operator saves again without a reload.
        setVersion((await api('setupUpdate', checked.data as never)).version)
      } catch (err) {
        setStale(err instanceof AdminApiError && err.details.stale === true)
        throw err
      }
    })
  }
  const saveLoyalty = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    setNote(null)
    // A blank percent goes as null: "required", not "a number is needed".
    const checked = firstIssue(loyaltyInputSchema, { accrual_percent: typedOrNull(percent, Number) }, lang, { label: () => t.accrual_percent })
    if (refusal.refuse(e, 'loyalty', checked)) return
    void send(() => api('loyaltyUpdate', checked.data as never))
  }
  const setLink = (i: number, key: keyof Link, value: string) => setLinks(links.map((l, j) => (j === i ? { ...l, [key]: value } : l)))

  return (
    <section aria-labelledby="adm-setup-title">
      <h1 id="adm-setup-title" tabIndex={-1} ref={heading}>
        {t.setup}
      </h1>
      <ErrorNote error={error} />
      {stale && <StaleReload label={NOTE_TEXTS[lang].reloadSetup} load={() => load()} heading={heading} setError={setError} />}
      {note && (
        <p role="status" className="adm-note">
          {note}
        </p>
      )}
      {form === null ? (
        <p aria-busy="true">{base.loading}</p>
      ) : (
        <>
          <form className="adm-form" onSubmit={submit} noValidate aria-labelledby="adm-setup-title">
            {GROUPS.map((g) => (
              <fieldset key={g.title} disabled={!writable}>
                <legend>{t[g.title]}</legend>
                {refusal.note(g.title)}
                <FieldInputs fields={g.fields} form={form} setForm={setForm} t={t} lang={lang} idPrefix="adm-setup" marks={(name) => refusal.marks(g.title, name)} />
                {g.title === 'logos' && writable && (
                  <div className="adm-form">
                    <label>
                      {t.logoSlot}
                      <select id="adm-setup-logo-slot" value={logoSlot} onChange={(e) => setLogoSlot(e.target.value as typeof logoSlot)}>
                        {LOGO_SLOTS.map((s) => (
                          <option key={s} value={s}>
                            {slotLabel(t, lang, s)}
                          </option>
                        ))}
                      </select>
                    </label>
                    {/* The server stores the logo in the setup at once; only that field of the form follows, so other unsaved edits stay. */}
                    <ImageUpload id="adm-setup-logo-file" label={t.logoUpload} send={(file) => api('setupLogo', { ...file, slot: logoSlot })} onDone={(r) => (setForm((f) => (f === null ? f : { ...f, [`app.${logoSlot}`]: r.url })), setVersion((v) => nextAfterUpload(v, r.version)))} />
                  </div>
                )}
                {g.title === 'footer' && (
                  <fieldset>
                    <legend>{t.footer_links}</legend>
                    {links.map((l, i) => (
                      <div key={i} className="adm-form adm-inline">
                        <label>
                          {t.linkUrl} {i + 1}
                          <input name={`app.footer_links.${i}.url`} value={l.url} onChange={(e) => setLink(i, 'url', e.target.value)} {...refusal.marks('footer', `app.footer_links.${i}.url`)} />
                        </label>
                        {LANGS.map((lg) => (
                          <label key={lg}>
                            {t.linkText} {i + 1}
                            {aside(lang, lg)}
                            <input lang={langAttr(lg)} name={`app.footer_links.${i}.text_${lg}`} value={l[`text_${lg}`]} onChange={(e) => setLink(i, `text_${lg}`, e.target.value)} {...refusal.marks('footer', `app.footer_links.${i}.text_${lg}`)} />
                          </label>
                        ))}
                        <button type="button" onClick={() => setLinks(links.filter((_, j) => j !== i))}>
                          {t.remove} {i + 1}
                        </button>
                      </div>
                    ))}
                    <button type="button" onClick={() => setLinks([...links, blankLink()])}>
                      {t.addLink}
                    </button>
                  </fieldset>
                )}
              </fieldset>
            ))}
            {writable && <button type="submit">{t.save}</button>}
          </form>
          <form className="adm-form" onSubmit={saveLoyalty} noValidate aria-labelledby="adm-loyalty-title">
            <h2 id="adm-loyalty-title">{t.loyalty}</h2>
            <p className="adm-muted">{t.loyaltyNote}</p>
            {refusal.note('loyalty')}
            <label>
              {t.accrual_percent}
              <input id="adm-loyalty-percent" name="accrual_percent" inputMode="numeric" value={percent} disabled={!writable} onChange={(e) => setPercent(e.target.value)} {...refusal.marks('loyalty', 'accrual_percent')} />
            </label>
            {writable && <button type="submit">{t.save}</button>}
          </form>
          <LoyaltyCardBlock writable={writable} refusal={refusal} />
        </>
      )}
    </section>
  )
}
