import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { CheckinList, DoorSession } from '../../contract/admin/door'
import { isLang, LANGS, type Lang } from '../../contract/lang'
import type { MeResponse } from '../../contract/admin/access'
import { createAdminApi } from '../admin/api'
import { browserConsoleLang, chosenConsoleLang, navigatorLanguages } from '../admin/consoleLang'
import { SignIn } from '../admin/SignIn'
import { ISSUE_TEXTS } from '../admin/issueTexts'
import { ADMIN_TEXTS, LANG_NAMES } from '../admin/texts'
import { labelled, separatorsOf } from '../i18n/punctuation'
import '../admin/admin.css'
import { createDoorApi, NoNetwork } from './api'
import { errorText } from './labels'
import { DoorEngine } from './model/engine'
import { ScanScreen } from './ScanScreen'
import { Setup } from './Setup'
import { registerOffline } from './offline'
import { DOOR_TEXTS } from './texts'
import './door.css'

const LANG_KEY = 'seatwise.door.lang'
const TOKEN_KEY = 'seatwise.door.token'
const CHOICE_KEY = 'seatwise.door.choice'

type Auth = 'loading' | 'out' | 'in'
interface Choice { session: DoorSession; list: CheckinList }

function savedChoice(): Choice | null {
  try {
    const v = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as Choice | null
    return v && typeof v.session?.calendar_id === 'number' && typeof v.list?.id === 'number' ? v : null
  } catch {
    return null
  }
}

/**
 * The door check-in app at /door (issue 19.4): an installable web app (manifest, service worker)
 * for stewards' phones. Signed in as a console operator of the door role (the console's cookie)
 * or with a door API token; picks a session and gate, then scans (ScanScreen). Once a gate is
 * chosen it keeps working offline: the choice, the ticket list and the queue live on the device.
 */
export function DoorApp(): ReactNode {
  // The address's `?lang=` (the console's link) or the language this phone chose last; until one
  // does, the phone's own language (Russian if it is none of ours), then the signed-in operator's
  // own (their account's), as the console does.
  const chosen = chosenConsoleLang(location.search, localStorage.getItem(LANG_KEY))
  const langChosen = useRef(chosen !== null)
  const [lang, setLangState] = useState<Lang>(() => chosen ?? browserConsoleLang(navigatorLanguages()))
  const setLang = useCallback((l: Lang) => {
    langChosen.current = true
    // Kept here too: choosing the language already shown (the phone's) changes no state, so the effect would not keep it.
    localStorage.setItem(LANG_KEY, l)
    setLangState(l)
  }, [])
  const operatorLang = useCallback((m: MeResponse) => {
    if (!langChosen.current) setLangState(m.operator.lang)
  }, [])
  const [auth, setAuth] = useState<Auth>('loading')
  const [choice, setChoice] = useState<Choice | null>(savedChoice)
  const [tokenText, setTokenText] = useState('')
  // A refused token's error, worded at render (in the language chosen now).
  /** The token form's refusal: the server's (or the network's), or `blank`, the form's own check of an empty token. */
  const [tokenError, setTokenError] = useState<{ err: unknown; blank?: boolean } | null>(null)
  const tokenInput = useRef<HTMLInputElement>(null)
  // The first check found no network (and no gate chosen on this phone yet): signing in waits for it.
  const [offlineAtStart, setOfflineAtStart] = useState(false)
  const langRef = useRef(lang)
  langRef.current = lang
  const csrfRef = useRef('')
  const bearerRef = useRef(localStorage.getItem(TOKEN_KEY) ?? '')
  const adminApi = useMemo(() => createAdminApi(() => langRef.current, () => csrfRef.current), [])
  const api = useMemo(() => createDoorApi({ lang: () => langRef.current, csrf: () => csrfRef.current, setCsrf: (c) => void (csrfRef.current = c), bearer: () => bearerRef.current }), [])
  const engine = useMemo(() => new DoorEngine(api), [api])
  const t = DOOR_TEXTS[lang]

  useEffect(() => {
    document.documentElement.lang = lang === 'ch' ? 'zh-Hant' : lang === 'kz' ? 'kk' : lang
    document.title = t.title
    if (langChosen.current) localStorage.setItem(LANG_KEY, lang)
  }, [lang, t.title])
  useEffect(() => registerOffline(), [])
  useEffect(() => {
    engine.start(savedChoice()?.session.calendar_id ?? null)
    return () => engine.stop()
  }, [engine])

  // Who am I: a door token answers the sessions call; the cookie answers `me`. No network with
  // a chosen gate: keep scanning offline.
  useEffect(() => {
    const check = bearerRef.current ? api('doorSessions', {}).then(() => undefined) : api('me', {}).then((m) => {
          csrfRef.current = m.csrf
          operatorLang(m)
        })
    check.then(
      () => setAuth('in'),
      (err: unknown) => {
        setOfflineAtStart(err instanceof NoNetwork && !savedChoice())
        setAuth(err instanceof NoNetwork && savedChoice() ? 'in' : 'out')
      },
    )
  }, [api, operatorLang])

  const choose = useCallback(
    (c: Choice | null) => {
      if (c) localStorage.setItem(CHOICE_KEY, JSON.stringify(c))
      else localStorage.removeItem(CHOICE_KEY)
      setChoice(c)
      if (c) void engine.choose(c.session, c.list)
      else engine.leave()
    },
    [engine],
  )
  useEffect(() => {
    if (auth === 'in' && choice && !engine.getSnapshot().session) void engine.choose(choice.session, choice.list)
  }, [auth, choice, engine])

  const submitToken = async (e: FormEvent) => {
    e.preventDefault()
    // The form is noValidate: a blank token is said here in the door's language, not by the
    // browser's bubble in the browser's; nothing is sent.
    if (tokenText.trim() === '') {
      setTokenError({ err: null, blank: true })
      tokenInput.current?.focus()
      return
    }
    bearerRef.current = tokenText.trim()
    try {
      await api('doorSessions', {})
      localStorage.setItem(TOKEN_KEY, bearerRef.current)
      setTokenError(null)
      setOfflineAtStart(false)
      setAuth('in')
    } catch (err) {
      bearerRef.current = ''
      setTokenError({ err })
    }
  }
  const signOut = async () => {
    if (bearerRef.current) localStorage.removeItem(TOKEN_KEY)
    else await adminApi('logout', {}).catch(() => undefined)
    bearerRef.current = ''
    choose(null)
    setAuth('out')
  }

  const langPicker = (
    <label className="adm-lang">
      {t.language}{' '}
      <select value={lang} onChange={(e) => isLang(e.target.value) && setLang(e.target.value)}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l === 'ch' ? 'zh-Hant' : l === 'kz' ? 'kk' : l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <div className="adm door">
      <header className="adm-header">
        <span className="adm-brand">{t.title}</span>
        {langPicker}
        {auth === 'in' && (
          <button type="button" onClick={() => void signOut()}>
            {t.signOut}
          </button>
        )}
      </header>
      <main className="door-main">
        {auth === 'loading' && <p role="status">{t.loading}</p>}
        {auth === 'out' && (
          <>
            {offlineAtStart && (
              <p role="status" className="adm-error">
                {t.noNetwork}
              </p>
            )}
            <p>{t.signInHint}</p>
            <SignIn
              api={adminApi}
              t={ADMIN_TEXTS[lang]}
              lang={lang}
              onSignedIn={(m) => {
                csrfRef.current = m.csrf
                operatorLang(m)
                setOfflineAtStart(false)
                setAuth('in')
              }}
            />
            <form className="adm-form adm-narrow" noValidate onSubmit={(e) => void submitToken(e)}>
              <label>
                {t.token}
                <input
                  ref={tokenInput} name="token" type="password" autoComplete="off" required value={tokenText} onChange={(e) => setTokenText(e.target.value)}
                  aria-invalid={tokenError?.blank ? true : undefined} aria-describedby={tokenError?.blank ? TOKEN_ERROR_ID : undefined}
                />
              </label>
              {tokenError && (
                <p role="alert" className="adm-error" id={TOKEN_ERROR_ID}>
                  {tokenError.blank ? labelled(separatorsOf(lang), t.token, ISSUE_TEXTS[lang].required) : errorText(tokenError.err, t)}
                </p>
              )}
              <button type="submit">{t.useToken}</button>
            </form>
          </>
        )}
        {auth === 'in' && !choice && <Setup api={api} engine={engine} t={t} lang={lang} onChoose={choose} />}
        {auth === 'in' && choice && <ScanScreen engine={engine} t={t} lang={lang} onChange={() => choose(null)} />}
      </main>
    </div>
  )
}

/** The token form's refusal, which a blank token field is described by. */
const TOKEN_ERROR_ID = 'door-token-error'
