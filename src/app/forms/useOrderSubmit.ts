import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../contract/client'
import { ErrorCode } from '../../contract/errors'
import { useModal } from '../state/modal'
import type { CaptchaSolution } from './CaptchaDialog'

/** Bot-check fields an order call may carry (contract captchaFields). */
export interface BotCheck {
  captchaSid?: string
  captchaText?: string
}

/**
 * The order submit flow shared by the event page and the seat-map cart (000 §4, §8):
 * one request at a time (the button is disabled and an overlay shown while it runs); success
 * hands the new order's hash on; the bot-check code -1001 opens the captcha, and a solved
 * captcha sends the order again with captchaSid/captchaText; any other error code shows the
 * modal with the server's text (a missing text is an inner error); network failures are only
 * logged. The button is re-enabled afterwards in every case.
 */
export function useOrderSubmit(send: (bot: BotCheck) => Promise<string>, onSuccess: (hash: string) => void) {
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const [busy, setBusy] = useState(false)
  const [captchaOpen, setCaptchaOpen] = useState(false)
  // A ref, not state: a second click in the same frame must already see the request running.
  const running = useRef(false)

  const run = useCallback(async (bot: BotCheck) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      const hash = await send(bot)
      onSuccess(hash)
    } catch (e) {
      if (!(e instanceof ApiCallError) || e.status === 0) {
        console.error('order failed', e)
      } else if (e.errorCode === ErrorCode.CAPTCHA) {
        setCaptchaOpen(true)
      } else {
        const code = e.errorCode === '' ? ErrorCode.INTERNAL : e.errorCode
        showModal({ kind: 'error', code, text: e.errorText !== '' ? e.errorText : t('errors.inner') })
      }
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [send, onSuccess, showModal, t])

  return {
    busy,
    submit: () => void run({}),
    captcha: {
      open: captchaOpen,
      onSolved: (s: CaptchaSolution) => {
        setCaptchaOpen(false)
        void run({ captchaSid: s.sid, captchaText: s.text })
      },
      onClose: () => setCaptchaOpen(false),
    },
  }
}
