import { PHONE_MASK } from '../../contract/constants'
import { applyGiftPhoneMask } from './giftPhoneMask'
import { TextField, type TextFieldProps } from './TextField'

/** Length of a complete masked value '+7 (912) 345-67-89'. */
const MASKED_LENGTH = PHONE_MASK.length

/** The gift-card phone with the +7 (9__) ___-__-__ mask (000 §5). */
export function GiftPhoneInput(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'placeholder'>) {
  const { onValue, ...rest } = props
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_MASK}
      maxLength={MASKED_LENGTH + 4}
      onValue={(v) => onValue(applyGiftPhoneMask(v, rest.value))}
      onFocus={(e) => {
        // The mask fills from the end: the caret starts there, not inside the fixed prefix.
        const end = e.target.value.length
        e.target.setSelectionRange(end, end)
      }}
    />
  )
}
