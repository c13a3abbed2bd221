import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PHONE_MAX_LENGTH } from '../../contract/constants'
import { LANG_TAG } from '../i18n/lang'
import { useSession } from '../state/session'
import { countryOptions, formatPhoneInput } from './phone'

/**
 * General phone input (000 §5): a country select and a text input formatted as you type by
 * libphonenumber-js, default country Russia, at most 20 characters. Typing '+' and a calling
 * code switches the select to that country. Both controls are labelled; the error is tied to
 * the text input.
 */
export interface PhoneInputProps {
  id: string
  value: string
  country: string
  onChange: (value: string, country: string) => void
  onBlur?: () => void
  error?: string
  required?: boolean
}

/**
 * Backspace over a separator the formatter inserted would change no digit, and the formatter
 * would put the separator straight back. In that case the digit before the caret goes instead.
 */
function withoutSeparatorOnly(previous: string, raw: string, caret: number | null): string {
  if (raw.length >= previous.length || raw.replace(/\D/g, '') !== previous.replace(/\D/g, '')) return raw
  const at = caret ?? raw.length
  return raw.slice(0, at).replace(/\d(?=\D*$)/, '') + raw.slice(at)
}

export function PhoneInput({ id, value, country, onChange, onBlur, error, required }: PhoneInputProps) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const options = useMemo(() => countryOptions(LANG_TAG[lang]), [lang])
  const errorId = `${id}-error`
  const countryId = `${id}-country`
  return (
    <div className={`field field--phone${error !== undefined ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('form.phone')}
        {required === true && <span className="field__required" aria-hidden="true"> *</span>}
        {required === true && <span className="visually-hidden">{t('form.required-aside')}</span>}
      </label>
      <div className="phone-input">
        <label className="visually-hidden" htmlFor={countryId}>{t('form.country')}</label>
        <select
          id={countryId}
          className="phone-input__country"
          value={country}
          onChange={(e) => {
            const next = formatPhoneInput(value, e.target.value)
            onChange(next.text, e.target.value)
          }}
        >
          {options.map((o) => <option key={o.code} value={o.code}>{o.label}</option>)}
        </select>
        <input
          id={id}
          className="field__input phone-input__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={value}
          required={required}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? errorId : undefined}
          onChange={(e) => {
            const next = formatPhoneInput(withoutSeparatorOnly(value, e.target.value, e.target.selectionStart), country)
            onChange(next.text, next.country)
          }}
          onBlur={onBlur}
        />
      </div>
      {error !== undefined && <p id={errorId} className="field__error">{error}</p>}
    </div>
  )
}
