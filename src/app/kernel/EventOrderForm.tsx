import { useCallback, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Buyer } from '../../contract/entities/buyer'
import type { CheckboxAnswer, CheckboxItem } from '../../contract/entities/common'
import type { BuyerRuleOptions } from '../../contract/rules'
import { Agreements } from '../forms/Agreements'
import { agreementAnswers, agreementsPass, missingAgreements, type AgreementState } from '../forms/agreements'
import { BuyerFields, buyerFieldId } from '../forms/BuyerFields'
import { CaptchaDialog } from '../forms/CaptchaDialog'
import { ConfirmDialog } from '../forms/ConfirmDialog'
import { SubmitOverlay } from '../forms/SubmitOverlay'
import type { BuyerForm } from '../forms/useBuyerForm'
import { useOrderSubmit, type BotCheck } from '../forms/useOrderSubmit'

const ID_PREFIX = 'buyer'

/**
 * The order form of the event page (000 §4, §5): buyer fields, agreements, the errors.required-all
 * notice while anything is invalid, and submit. Submit touches every field and refuses while
 * data or agreements fail (focusing the first problem); subscription orders ask for
 * confirmation first; the request itself runs through useOrderSubmit (overlay, captcha, modal).
 */
export function EventOrderForm({ form, options, checkboxList, free, subscriptionConfirm, send, onOrdered }: {
  form: BuyerForm
  options: BuyerRuleOptions
  checkboxList: readonly CheckboxItem[]
  free: boolean
  /** Ticket count and date text of a subscription order; null for other orders. */
  subscriptionConfirm: { count: number; date: string } | null
  send: (buyer: Buyer, checkboxList: CheckboxAnswer[], bot: BotCheck) => Promise<string>
  onOrdered: (hash: string) => void
}) {
  const { t } = useTranslation()
  const [agreed, setAgreed] = useState<AgreementState>({})
  const [triedSubmit, setTriedSubmit] = useState(false)
  const [confirmOpen, setConfirmOpen] = useState(false)

  const doSend = useCallback(
    (bot: BotCheck) => send(form.buyer(), agreementAnswers(checkboxList, agreed), bot),
    [send, form, checkboxList, agreed],
  )
  const submitter = useOrderSubmit(doSend, onOrdered)
  const agreementsOk = agreementsPass(checkboxList, agreed)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (submitter.busy) return
    setTriedSubmit(true)
    const buyerOk = form.touchAll()
    if (!buyerOk) {
      if (form.firstInvalid !== undefined) document.getElementById(buyerFieldId(ID_PREFIX, form.firstInvalid))?.focus()
      return
    }
    if (!agreementsOk) {
      const first = missingAgreements(checkboxList, agreed)[0]
      document.getElementById(`${ID_PREFIX}-agreement-${first}`)?.focus()
      return
    }
    if (subscriptionConfirm !== null) setConfirmOpen(true)
    else submitter.submit()
  }

  const invalid = form.invalid || (triedSubmit && !agreementsOk)
  return (
    <>
      {/* data-keep-clear: the scroll-top button steps aside while the fields and their errors lie under it (ScrollTop). */}
      <form className="order-form" noValidate onSubmit={onSubmit} aria-labelledby="order-form-title" data-keep-clear="">
        <h2 id="order-form-title" className="section-title">{t('event.order')}</h2>
        <BuyerFields form={form} options={options} idPrefix={ID_PREFIX} />
        <Agreements items={checkboxList} checked={agreed} onChange={setAgreed} showErrors={triedSubmit} idPrefix={ID_PREFIX} />
        <div className="order-form__status" role="status">
          {invalid && <p className="notice notice--error order-form__required-all">{t('errors.required-all')}</p>}
        </div>
        <button type="submit" className="button button--primary order-form__submit" disabled={submitter.busy} aria-busy={submitter.busy}>
          {free ? t('event.submit-free') : t('event.submit')}
        </button>
      </form>
      <SubmitOverlay active={submitter.busy} />
      {subscriptionConfirm !== null && (
        <ConfirmDialog open={confirmOpen} title={t('subscription.title')}
          text={t('subscription.text', { count: subscriptionConfirm.count, date: subscriptionConfirm.date })}
          confirmLabel={t('subscription.confirm')} cancelLabel={t('subscription.cancel')}
          onConfirm={() => {
            setConfirmOpen(false)
            submitter.submit()
          }}
          onCancel={() => setConfirmOpen(false)} />
      )}
      <CaptchaDialog open={submitter.captcha.open} onSolved={submitter.captcha.onSolved} onClose={submitter.captcha.onClose} />
    </>
  )
}
