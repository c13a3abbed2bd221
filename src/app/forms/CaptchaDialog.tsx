import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CAPTCHA_MAX_LENGTH } from '../../contract/constants'
import type { Captcha } from '../../contract/entities/captcha'
import { api } from '../api/client'
import { Dialog } from './Dialog'

/** The solved captcha the order call sends again as captchaSid and captchaText. */
export interface CaptchaSolution {
  sid: string
  text: string
}

/**
 * The image captcha (000 §4): title 'Введите код', placeholder 'Введите код c картинки', up to
 * 8 characters, button 'Отправить'. A valid check closes it (onSolved); an invalid one loads a
 * new image. The image is the server's SVG markup shown through an <img> data URL, so no markup
 * of it ever enters the page's DOM.
 */
export function CaptchaDialog({ open, onSolved, onClose }: { open: boolean; onSolved: (s: CaptchaSolution) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)

  const load = useCallback(() => {
    setCaptcha(null)
    setCode('')
    api.call('captcha').then(setCaptcha, (e: unknown) => console.error('captcha failed', e))
  }, [])

  useEffect(() => {
    if (!open) return
    setInvalid(false)
    load()
  }, [open, load])

  const submit = async () => {
    if (captcha === null || code.trim() === '' || busy) return
    setBusy(true)
    try {
      const answer = await api.call('captchaCheck', { code: code.trim(), sid: captcha.sid })
      if (answer.result) onSolved({ sid: answer.sid, text: answer.text })
      else {
        setInvalid(true)
        load()
      }
    } catch (e) {
      // A rejected check (expired sid, bad input) also means: new picture, try again.
      console.error('captcha check failed', e)
      setInvalid(true)
      load()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} title={t('captcha.title')} onClose={onClose} className="modal--captcha">
      <form className="captcha" onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}>
        <div className="captcha__image" aria-busy={captcha === null}>
          {captcha === null
            ? <span>{t('captcha.loading')}</span>
            : <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.code)}`} alt={t('captcha.image')} />}
        </div>
        <button type="button" className="link-button" onClick={load}>{t('captcha.reload')}</button>
        <label className="visually-hidden" htmlFor="captcha-code">{t('captcha.code')}</label>
        <input id="captcha-code" className="field__input" value={code} maxLength={CAPTCHA_MAX_LENGTH}
          placeholder={t('captcha.placeholder')} autoComplete="off" autoFocus
          aria-invalid={invalid} aria-describedby={invalid ? 'captcha-error' : undefined}
          onChange={(e) => setCode(e.target.value.slice(0, CAPTCHA_MAX_LENGTH))} />
        {invalid && <p id="captcha-error" className="field__error" role="alert">{t('captcha.invalid')}</p>}
        <div className="modal__actions modal__actions--split">
          <button type="button" className="button" onClick={onClose}>{t('captcha.cancel')}</button>
          <button type="submit" className="button button--primary" disabled={captcha === null || busy}>{t('captcha.submit')}</button>
        </div>
      </form>
    </Dialog>
  )
}
