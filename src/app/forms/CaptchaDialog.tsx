import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../contract/client'
import { CAPTCHA_MAX_LENGTH } from '../../contract/constants'
import type { Captcha, CaptchaKind } from '../../contract/entities/captcha'
import { ErrorCode } from '../../contract/errors'
import { api } from '../api/client'
import { useSession } from '../state/session'
import { Dialog } from './Dialog'

/** The solved captcha the order call sends again as captchaSid and captchaText. */
export interface CaptchaSolution {
  sid: string
  text: string
}

/**
 * What the challenge area shows: a loading note, a failure with a retry (with the server's own
 * text when it refused, e.g. too many new captchas from the address: wait, then retry), or the
 * captcha.
 */
type Challenge = { state: 'loading' } | { state: 'failed'; refusal?: string } | { state: 'ready'; captcha: Captcha }

/** The server's refusal text to show for a failed load: a limit's (429, "try again in a minute"), else none. */
function refusalOf(e: unknown): string | undefined {
  return e instanceof ApiCallError && e.errorCode === ErrorCode.LIMIT && e.errorText !== '' ? e.errorText : undefined
}

const INPUT_ID = 'captcha-code'
const QUESTION_ID = 'captcha-question'
const ERROR_ID = 'captcha-error'

/**
 * The image captcha (000 §4): title 'Введите код', placeholder 'Введите код c картинки', up to
 * 8 characters, button 'Отправить'. A valid check closes it (onSolved); an invalid one loads a
 * new image. The image is the server's SVG markup shown through an <img> data URL, so no markup
 * of it ever enters the page's DOM.
 *
 * A visitor who cannot see the picture switches to a question in words in the page's language
 * (WCAG 1.1.1's CAPTCHA exception asks for a form in another modality); its answer is checked
 * by the server like a picture's code, with the same attempts. When the picture or question
 * cannot be loaded (the call fails, or the picture does not decode) the area says so, with a
 * retry, instead of "loading" for ever.
 */
export function CaptchaDialog({ open, onSolved, onClose }: { open: boolean; onSolved: (s: CaptchaSolution) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const [kind, setKind] = useState<CaptchaKind>('image')
  const [challenge, setChallenge] = useState<Challenge>({ state: 'loading' })
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)
  // Only the latest request may fill the area: a slow answer to an earlier one (another
  // picture pressed twice, a switch to the question) would show a captcha whose sid is stale.
  const latest = useRef(0)
  const input = useRef<HTMLInputElement>(null)

  const load = useCallback(() => {
    const ticket = ++latest.current
    setChallenge({ state: 'loading' })
    setCode('')
    // The picture is the spec's bare call; the question names its kind and language.
    const request = kind === 'question' ? api.call('captcha', { kind, lang }) : api.call('captcha')
    request.then(
      (captcha) => {
        if (ticket === latest.current) setChallenge({ state: 'ready', captcha })
      },
      (e: unknown) => {
        if (ticket !== latest.current) return
        console.error('captcha failed', e)
        // Never loads again by itself (a refused load retried at once would be refused again):
        // the visitor presses retry.
        setChallenge({ state: 'failed', refusal: refusalOf(e) })
      },
    )
  }, [kind, lang])

  // Opening (and switching kind or language) loads a fresh captcha.
  useEffect(() => {
    if (open) load()
  }, [open, load])
  useEffect(() => {
    if (open) setInvalid(false)
  }, [open, kind])
  // The field takes focus once the dialog is shown. React's autoFocus ran before, while the
  // <dialog> was still closed (nothing in it can take focus then), and showModal gave focus to
  // its first button instead. This effect runs after Dialog's showModal (a child's effects run first).
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  const captcha = challenge.state === 'ready' ? challenge.captcha : null
  // A refused answer: the message, a new captcha, and focus back in the emptied field. A visitor
  // who pressed Send had it on that button, which is disabled while the check runs, and Chrome
  // drops focus to the body then (a phone's keyboard closed; the next Tab started from nowhere).
  const refused = () => {
    setInvalid(true)
    load()
    input.current?.focus()
  }
  const submit = async () => {
    if (captcha === null || code.trim() === '' || busy) return
    setBusy(true)
    try {
      const answer = await api.call('captchaCheck', { code: code.trim(), sid: captcha.sid })
      if (answer.result) onSolved({ sid: answer.sid, text: answer.text })
      else refused()
    } catch (e) {
      // A rejected check (expired sid, bad input) also means: new picture, try again.
      console.error('captcha check failed', e)
      refused()
    } finally {
      setBusy(false)
    }
  }

  const question = kind === 'question'
  return (
    // The spec's title asks for the picture's code; with a question on screen it asks for an answer.
    <Dialog open={open} title={t(question ? 'captcha.question-title' : 'captcha.title')} onClose={onClose} className="modal--captcha">
      <form className="captcha" onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}>
        {/* Polite live region: a new question (or the failure) is read out where it appears. */}
        <div className="captcha__image" aria-busy={challenge.state === 'loading'} aria-live="polite">
          {challenge.state === 'loading' && <span>{t(question ? 'captcha.question-loading' : 'captcha.loading')}</span>}
          {challenge.state === 'failed' && (
            <div className="captcha__failed">
              <p className="field__error">{challenge.refusal ?? t(question ? 'captcha.question-failed' : 'captcha.load-failed')}</p>
              <button type="button" className="button" onClick={load}>{t('captcha.retry')}</button>
            </div>
          )}
          {captcha !== null && (question
            ? <p id={QUESTION_ID} className="captcha__question">{captcha.question}</p>
            : <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.code)}`} alt={t('captcha.image')}
              onError={() => setChallenge({ state: 'failed' })} />)}
        </div>
        <div className="captcha__links">
          <button type="button" className="link-button" onClick={load}>{t(question ? 'captcha.question-reload' : 'captcha.reload')}</button>
          <button type="button" className="link-button captcha__switch" onClick={() => setKind(question ? 'image' : 'question')}>
            {t(question ? 'captcha.to-image' : 'captcha.to-question')}
          </button>
        </div>
        {/* With a question on screen the question itself names the field (aria-labelledby). */}
        <label className="visually-hidden" htmlFor={INPUT_ID}>{t(question ? 'captcha.answer' : 'captcha.code')}</label>
        <input ref={input} id={INPUT_ID} className="field__input" value={code} maxLength={CAPTCHA_MAX_LENGTH}
          placeholder={t(question ? 'captcha.question-placeholder' : 'captcha.placeholder')} autoComplete="off"
          inputMode={question ? 'numeric' : undefined}
          aria-labelledby={question && captcha !== null ? QUESTION_ID : undefined}
          aria-invalid={invalid} aria-describedby={invalid ? ERROR_ID : undefined}
          onChange={(e) => setCode(e.target.value.slice(0, CAPTCHA_MAX_LENGTH))} />
        {invalid && <p id={ERROR_ID} className="field__error" role="alert">{t(question ? 'captcha.question-invalid' : 'captcha.invalid')}</p>}
        <div className="modal__actions modal__actions--split">
          <button type="button" className="button" onClick={onClose}>{t('captcha.cancel')}</button>
          <button type="submit" className="button button--primary" disabled={captcha === null || busy}>{t('captcha.submit')}</button>
        </div>
      </form>
    </Dialog>
  )
}
