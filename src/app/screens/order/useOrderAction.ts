import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../../contract/client'
import { ErrorCode } from '../../../contract/errors'
import { useModal } from '../../state/modal'
import { failureOutcome, type ActionOutcome } from './model/action'

/**
 * Runs one order change at a time (add offers, remove, discount, pay): a server error shows the
 * modal 'Error (#code)' with its text (an empty text is the default unknown error, a missing code
 * the inner error code, 001 §8); network failures are only logged here. `run` answers whether it
 * succeeded; `attempt` answers how it ended (model/action.ts), for a screen that tells a request
 * that got no answer from a refusal (the promo field, LoyaltyBlock).
 */
export function useOrderAction() {
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const [busy, setBusy] = useState(false)
  const running = useRef(false)

  const attempt = useCallback(async (action: () => Promise<void>): Promise<ActionOutcome> => {
    if (running.current) return 'skipped'
    running.current = true
    setBusy(true)
    try {
      await action()
      return 'done'
    } catch (e) {
      const outcome = failureOutcome(e)
      if (outcome === 'unreachable' || !(e instanceof ApiCallError)) {
        console.error('order action failed', e)
      } else {
        const code = e.errorCode === '' ? ErrorCode.INTERNAL : e.errorCode
        showModal({ kind: 'error', code, text: e.errorText !== '' ? e.errorText : t('order.unknown-error') })
      }
      return outcome
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [showModal, t])

  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => (await attempt(action)) === 'done', [attempt])

  return { busy, run, attempt }
}
