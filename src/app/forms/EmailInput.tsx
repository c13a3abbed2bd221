import { EMAIL_MAX } from '../../contract/constants'
import { normalizeEmailInput } from '../../contract/rules'
import { TextField, type TextFieldProps } from './TextField'

/**
 * E-mail input (000 §5): letters typed in the Russian layout become the Latin keys they sit on
 * (a buyer who forgot to switch layout still types a valid address); spaces are dropped. The
 * repeat field passes `blockClipboard`.
 *
 * type="text" with inputMode="email", not type="email": Chromium converts a non-Latin domain of an
 * email input to punycode before the page sees it, which would defeat the key mapping.
 */
export function EmailInput(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'> & { repeat?: boolean }) {
  const { onValue, repeat = false, ...rest } = props
  return (
    <TextField
      {...rest}
      type="text"
      inputMode="email"
      autoComplete={repeat ? 'off' : 'email'}
      spellCheck={false}
      autoCapitalize="none"
      maxLength={EMAIL_MAX * 2}
      onValue={(v) => onValue(normalizeEmailInput(v))}
    />
  )
}
