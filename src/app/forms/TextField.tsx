import type { ClipboardEvent, InputHTMLAttributes, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * One labelled text input with its hint and error. The error is shown only when the caller
 * passes one (the form passes errors of touched fields only, 000 §5) and is tied to the input
 * with aria-describedby and aria-invalid, so screen readers announce it with the field.
 */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string
  label: string
  value: string
  onValue: (value: string) => void
  error?: string
  hint?: ReactNode
  /** Blocks copy, cut and paste (repeat e-mail, 000 §5). */
  blockClipboard?: boolean
}

const block = (e: ClipboardEvent<HTMLInputElement>) => e.preventDefault()

export function TextField({ id, label, value, onValue, error, hint, blockClipboard = false, required, ...rest }: TextFieldProps) {
  const { t } = useTranslation()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint !== undefined ? hintId : '', error !== undefined ? errorId : ''].filter((x) => x !== '').join(' ')
  return (
    <div className={`field${error !== undefined ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required === true && <span className="field__required" aria-hidden="true"> *</span>}
        {required === true && <span className="visually-hidden">{t('form.required-aside')}</span>}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        required={required}
        onCopy={blockClipboard ? block : undefined}
        onCut={blockClipboard ? block : undefined}
        onPaste={blockClipboard ? block : undefined}
        onDrop={blockClipboard ? (e) => e.preventDefault() : undefined}
        {...rest}
      />
      {hint !== undefined && <p id={hintId} className="field__hint">{hint}</p>}
      {error !== undefined && <p id={errorId} className="field__error">{error}</p>}
    </div>
  )
}
