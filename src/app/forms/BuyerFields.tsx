import { useTranslation } from 'react-i18next'
import { FIO_MAX, GIFT_NAME_MAX, GIFT_PATRONYMIC_MAX, GIFT_SURNAME_MAX } from '../../contract/constants'
import { fioAsTyped, normalizeFio, normalizeGiftName, type BuyerRuleOptions } from '../../contract/rules'
import type { BuyerField } from './buyerModel'
import { EmailInput } from './EmailInput'
import { GiftPhoneInput } from './GiftPhoneInput'
import { PhoneInput } from './PhoneInput'
import { TextField } from './TextField'
import type { BuyerForm } from './useBuyerForm'

/** Example number the gift-card phone error shows (000 §5 "error text gives the example"). */
export const GIFT_PHONE_EXAMPLE = '+7 (912) 345-67-89'

/** Id of a buyer field's input inside a form with the given id prefix (for focusing). */
export function buyerFieldId(prefix: string, field: BuyerField): string {
  return `${prefix}-${field}`
}

/**
 * The buyer fields of §5: fio and phone for the bank card, or the gift card's surname, name,
 * patronymic ('Нет отчества') and +7 phone with the passport notice; e-mail, and the repeat
 * e-mail when the event asks for it. Independent of the event page: the seat-map cart renders
 * the same component with its own form state.
 */
export function BuyerFields({ form, options, idPrefix }: { form: BuyerForm; options: BuyerRuleOptions; idPrefix: string }) {
  const { t } = useTranslation()
  const { values, set, touch } = form
  const id = (f: BuyerField) => buyerFieldId(idPrefix, f)
  const err = (f: BuyerField) => {
    const key = form.errorOf(f)
    return key === undefined ? undefined : t(key, { phone: GIFT_PHONE_EXAMPLE })
  }
  const capitalise = (f: 'surname' | 'name' | 'patronymic') => {
    set({ [f]: normalizeGiftName(values[f]) })
    touch(f)
  }

  return (
    <fieldset className="buyer-fields">
      <legend className="buyer-fields__legend">{t('form.buyer')}</legend>
      {options.giftCard ? (
        <>
          <p className="notice buyer-fields__notice">{t('form.gift-notice')}</p>
          <TextField id={id('surname')} label={t('form.surname')} value={values.surname} required maxLength={GIFT_SURNAME_MAX}
            autoComplete="family-name" lang="ru" error={err('surname')}
            onValue={(v) => set({ surname: v })} onBlur={() => capitalise('surname')} />
          <TextField id={id('name')} label={t('form.name')} value={values.name} required maxLength={GIFT_NAME_MAX}
            autoComplete="given-name" lang="ru" error={err('name')}
            onValue={(v) => set({ name: v })} onBlur={() => capitalise('name')} />
          {/* Required unless 'Нет отчества' is ticked (000 §5): a blank one is refused by the form. */}
          <TextField id={id('patronymic')} label={t('form.patronymic')} value={values.noPatronymic ? '' : values.patronymic}
            required={!values.noPatronymic} maxLength={GIFT_PATRONYMIC_MAX} autoComplete="additional-name" lang="ru" disabled={values.noPatronymic}
            error={values.noPatronymic ? undefined : err('patronymic')}
            onValue={(v) => set({ patronymic: v })} onBlur={() => capitalise('patronymic')} />
          <div className="field field--check">
            <input id={`${idPrefix}-no-patronymic`} type="checkbox" checked={values.noPatronymic}
              onChange={(e) => set({ noPatronymic: e.target.checked })} />
            <label htmlFor={`${idPrefix}-no-patronymic`}>{t('form.no-patronymic')}</label>
          </div>
          <GiftPhoneInput id={id('phone')} label={t('form.gift-phone')} value={values.giftPhone} required error={err('phone')}
            onValue={(v) => set({ giftPhone: v })} onBlur={() => touch('phone')} />
        </>
      ) : (
        <>
          <TextField id={id('fio')} label={t('form.fio')} value={values.fio} required maxLength={FIO_MAX * 2}
            autoComplete="name" error={err('fio')} onValue={(v) => set({ fio: fioAsTyped(v) })}
            onBlur={() => {
              set({ fio: normalizeFio(values.fio) })
              touch('fio')
            }} />
          <PhoneInput id={id('phone')} value={values.phone} country={values.phoneCountry} required error={err('phone')}
            onChange={(phone, phoneCountry) => set({ phone, phoneCountry })} onBlur={() => touch('phone')} />
        </>
      )}
      <EmailInput id={id('email')} label={t('form.email')} value={values.email} required error={err('email')}
        onValue={(v) => set({ email: v })} onBlur={() => touch('email')} />
      {options.mailconfirm && (
        <EmailInput id={id('re_email')} label={t('form.re-email')} value={values.re_email} required repeat blockClipboard
          hint={t('form.re-email-hint')} error={err('re_email')}
          onValue={(v) => set({ re_email: v })} onBlur={() => touch('re_email')} />
      )}
    </fieldset>
  )
}
