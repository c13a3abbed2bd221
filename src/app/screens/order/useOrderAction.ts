import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../../contract/client'
import { ErrorCode } from '../../../contract/errors'
import { useModal } from '../../state/modal'

/**
 * Runs one order change at a time (add offers, remove, discount, pay): a server error shows the
 * modal 'Error (#code)' with its text (an empty text is the default unknown error, a missing code
 * the inner error code, 001 §8); network failures are only logged. Answers whether it succeeded.
 */
export function useOrderAction() {
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const [busy, setBusy] = useState(false)
  const running = useRef(false)

  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    if (running.current) return false
    running.current = true
    setBusy(true)
    try {
      await action()
      return true
    } catch (e) {
      if (!(e instanceof ApiCallError) || e.status === 0) {
        console.error('order action failed', e)
      } else {
        const code = e.errorCode === '' ? ErrorCode.INTERNAL : e.errorCode
        showModal({ kind: 'error', code, text: e.errorText !== '' ? e.errorText : t('order.unknown-error') })
      }
      return false
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [showModal, t])

  return { busy, run }
}
