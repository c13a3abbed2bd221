import { useTranslation } from 'react-i18next'
import type { OrderDataResponse, OrderDataRow } from '../../../contract/entities/nominal'
import { DOC_NUMBER_MAX } from '../../../contract/constants'
import { pickLocalized, type Lang } from '../../../contract/lang'
import type { FieldError } from '../../../contract/rules/errors'
import { TextField } from '../../forms/TextField'
import { asksRegion, cleanDocNumber, isNegativeAge, maskBirthDate, showsAgeWarning, type DraftField, type VisitorDraft } from './model/form'
import { visitorErrorText } from './model/errorText'
import { SelectField } from './SelectField'
import { joinParts } from '../../i18n/punctuation'

/** Longest age input: 1 to 2 digits (000 §5). */
const AGE_MAX_LENGTH = 2
/** dd.mm.yyyy. */
const DATE_LENGTH = 10
/** Longest name inputs (000 §5: surname 32, name and middle name 64). */
const SURNAME_MAX_LENGTH = 32
const NAME_MAX_LENGTH = 64

export interface VisitorCardProps {
  index: number
  row: OrderDataRow
  data: OrderDataResponse
  regions: ReadonlyMap<number, readonly number[]>
  draft: VisitorDraft
  errors: readonly FieldError[]
  /** Fields whose errors are shown (touched, or every field after a refused submit). */
  shown: (field: DraftField) => boolean
  open: boolean
  onToggle: () => void
  onChange: (patch: Partial<VisitorDraft>) => void
  onBlur: (field: DraftField) => void
  lang: Lang
  now: Date
  /** The venue's time zone: "today" for the age is its calendar day. */
  timeZone: string
}

/** Seat text of a row: sector, row and seat labels when the ticket has them. */
function seatText(row: OrderDataRow, lang: Lang, t: (k: string) => string): string {
  const parts: string[] = []
  const sector = pickLocalized(row, 'sector', lang)
  const r = pickLocalized(row, 'row', lang)
  const seat = pickLocalized(row, 'seat', lang)
  if (sector !== '') parts.push(sector)
  if (r !== '') parts.push(`${t('nominal.row')} ${r}`)
  if (seat !== '') parts.push(`${t('nominal.seat')} ${seat}`)
  return joinParts(t, parts)
}

/** One ticket's collapsible card, headed "N. category" (000 §2); fields by the row's flags (000 §5). */
export function VisitorCard(props: VisitorCardProps) {
  const { index, row, data, regions, draft, errors, shown, open, onToggle, onChange, onBlur, lang, now, timeZone } = props
  const { t } = useTranslation()
  const id = (f: string) => `visitor-${index}-${f}`
  const errorOf = (field: DraftField): string | undefined => (shown(field) ? visitorErrorText(field, draft, errors, { data, lang, now, timeZone, t }) : undefined)
  const category = pickLocalized(row, 'category', lang)
  const seat = seatText(row, lang, t)
  const bodyId = id('body')
  const countryRegions = draft.countryId === null ? [] : (regions.get(draft.countryId) ?? [])
  const invalid = errors.length > 0 || isNegativeAge(draft.date, now, timeZone)

  return (
    <section className={`visitor-card${open ? ' visitor-card--open' : ''}`} aria-labelledby={id('title')}>
      <h2 className="visitor-card__title" id={id('title')}>
        <button type="button" className="visitor-card__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          <span>{index + 1}. {category}</span>
          {seat !== '' && <span className="visitor-card__seat">{seat}</span>}
          <span className={`visitor-card__state${invalid ? '' : ' visitor-card__state--ok'}`}>{invalid ? t('nominal.to-fill') : t('nominal.filled')}</span>
        </button>
      </h2>
      <div id={bodyId} className="visitor-card__body" hidden={!open}>
        <div className="visitor-card__grid">
          <TextField id={id('surname')} label={t('nominal.surname')} value={draft.surname} required autoComplete="family-name" maxLength={SURNAME_MAX_LENGTH}
            onValue={(v) => onChange({ surname: v })} onBlur={() => onBlur('surname')} error={errorOf('surname')} />
          <TextField id={id('name')} label={t('nominal.name')} value={draft.name} required autoComplete="given-name" maxLength={NAME_MAX_LENGTH}
            onValue={(v) => onChange({ name: v })} onBlur={() => onBlur('name')} error={errorOf('name')} />
          {/* Always asked, unlike the "shown if" fields (000 §5): required only when needmiddlename = 1;
              otherwise it may stay empty, and a value given is checked as the server checks it. */}
          <TextField id={id('middleName')} label={t('nominal.middle-name')} value={draft.middleName} required={row.needmiddlename === 1}
            autoComplete="additional-name" maxLength={NAME_MAX_LENGTH}
            onValue={(v) => onChange({ middleName: v })} onBlur={() => onBlur('middleName')} error={errorOf('middleName')} />
          {row.needage === 1 && (
            <TextField id={id('age')} label={t('nominal.age')} value={draft.age} required inputMode="numeric" maxLength={AGE_MAX_LENGTH}
              onValue={(v) => onChange({ age: v.replace(/\D/g, '') })} onBlur={() => onBlur('age')} error={errorOf('age')} />
          )}
          {row.needage === 2 && (
            <TextField id={id('date')} label={t('nominal.birth-date')} value={draft.date} required inputMode="numeric" maxLength={DATE_LENGTH}
              placeholder={t('nominal.date-placeholder')} autoComplete="bday"
              onValue={(v) => onChange({ date: maskBirthDate(v) })} onBlur={() => onBlur('date')} error={errorOf('date')}
              hint={showsAgeWarning(row, draft, now, timeZone) ? <span className="visitor-card__warning" role="status">{t('nominal.age-warning')}</span> : undefined} />
          )}
          {row.needdocument === 1 && (
            <>
              <SelectField id={id('docTypeId')} label={t('nominal.doc-type')} value={draft.docTypeId} required error={errorOf('docTypeId')}
                options={data.docTypes.map((d) => ({ id: d.id, label: pickLocalized(d, 'name', lang) }))}
                onValue={(v) => { onChange({ docTypeId: v }); onBlur('docTypeId') }} />
              <TextField id={id('docNum')} label={t('nominal.doc-num')} value={draft.docNum} required autoComplete="off"
                maxLength={DOC_NUMBER_MAX} hint={t('nominal.doc-num-limit', { count: DOC_NUMBER_MAX })}
                onValue={(v) => onChange({ docNum: cleanDocNumber(v) })} onBlur={() => onBlur('docNum')} error={errorOf('docNum')} />
            </>
          )}
          {(row.needcountry === 1 || row.needregion === 1) && (
            <SelectField id={id('countryId')} label={t('nominal.country')} value={draft.countryId} required={row.needcountry === 1} error={errorOf('countryId')}
              options={data.countries.map((c) => ({ id: c.id, label: pickLocalized(c, 'name', lang) }))}
              onValue={(v) => { onChange({ countryId: v, regionId: null }); onBlur('countryId') }} />
          )}
          {asksRegion(row, draft, regions) && (
            <SelectField id={id('regionId')} label={t('nominal.region')} value={draft.regionId} required error={errorOf('regionId')}
              options={data.regions.filter((r) => countryRegions.includes(r.id)).map((r) => ({ id: r.id, label: pickLocalized(r, 'name', lang) }))}
              onValue={(v) => { onChange({ regionId: v }); onBlur('regionId') }} />
          )}
        </div>
      </div>
    </section>
  )
}
