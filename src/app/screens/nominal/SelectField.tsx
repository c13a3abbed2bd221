import { useTranslation } from 'react-i18next'

export interface SelectOption {
  id: number
  label: string
}

/** A labelled select with its error, tied by aria-describedby like TextField. */
export function SelectField({ id, label, value, options, onValue, error, required }: {
  id: string
  label: string
  value: number | null
  options: readonly SelectOption[]
  onValue: (value: number | null) => void
  error?: string
  required?: boolean
}) {
  const { t } = useTranslation()
  const errorId = `${id}-error`
  return (
    <div className={`field${error !== undefined ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required === true && <span className="field__required" aria-hidden="true"> *</span>}
        {required === true && <span className="visually-hidden">{t('form.required-aside')}</span>}
      </label>
      <select id={id} className="field__input" value={value === null ? '' : String(value)} required={required}
        aria-invalid={error !== undefined} aria-describedby={error !== undefined ? errorId : undefined}
        onChange={(e) => onValue(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{t('nominal.choose')}</option>
        {options.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
      </select>
      {error !== undefined && <p id={errorId} className="field__error">{error}</p>}
    </div>
  )
}
