import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, Route, Routes, useLocation } from 'react-router-dom'
import type { MeResponse } from '../../contract/admin/access'
import { isLang, LANGS, type Lang } from '../../contract/lang'
import { useTranslation } from 'react-i18next'
import { LANG_TAG } from '../i18n/lang'
import { aside, labelled, separatorsOf } from '../i18n/punctuation'
import { useScreenEntry } from '../shell/screenEntry'
import { useCurrency, useSession } from '../state/session'
import { createAdminApi } from './api'
import { withCurrency } from './money'
import { browserConsoleLang, chosenConsoleLang, navigatorLanguages } from './consoleLang'
import { AuditScreen, OperatorsScreen, TokensScreen } from './catalogue/AccessScreens'
import { CatalogueScreen } from './catalogue/CatalogueScreen'
import { ExtrasScreen } from './catalogue/ExtrasScreen'
import { SetupScreen } from './catalogue/SetupScreen'
import { ROLE_NAMES } from './catalogue/texts'
import { ConsoleContext } from './shell'
import { DoorScreen } from './DoorScreen'
import { BoxOfficeScreen } from './boxoffice/BoxOfficeScreen'
import { PrintScreen } from './boxoffice/PrintScreen'
import { EventEditor, EventEditorOf } from './EventEditor'
import { EventList } from './EventList'
import { OrderCareScreen, OrdersScreen } from './OrdersScreen'
import { SalesScreen } from './SalesScreen'
import { SignIn } from './SignIn'
import { StudioScreen } from './studio/StudioScreen'
import { VenuesScreen } from './studio/VenuesScreen'
import { WaitingRoomScreen } from './WaitingRoomScreen'
import { AdminNav } from './AdminNav'
import { ADMIN_TEXTS, LANG_NAMES } from './texts'
import { NotFoundScreen } from './NotFoundScreen'
import './admin.css'

const LANG_KEY = 'seatwise.admin.lang'

/** The operator console at /admin: sign-in, then events, their sessions and prices, publishing and sales. */
export function AdminApp(): ReactNode {
  // Whether this browser or the address chose the language; until one does, the sign-in screen
  // speaks the browser's language (Russian if it is none of ours) and the signed-in operator's
  // account language replaces it (a new browser opens an English operator's console in English).
  const [chosen] = useState(() => chosenConsoleLang(window.location.search, localStorage.getItem(LANG_KEY)))
  const langChosen = useRef(chosen !== null)
  const [lang, setLang] = useState<Lang>(() => chosen ?? browserConsoleLang(navigatorLanguages()))
  const [me, setMeState] = useState<MeResponse | null | 'loading'>('loading')
  // Back to a console screen, the place it was left at, once its rows are loaded again (shell/screenEntry.ts).
  const main = useRef<HTMLElement>(null)
  useScreenEntry(useLocation().pathname, main)
  const setMe = useCallback((m: MeResponse | null) => {
    if (m !== null && !langChosen.current) {
      langChosen.current = true
      setLang(m.operator.lang)
    }
    setMeState(m)
  }, [])
  const chooseLang = (l: Lang) => {
    langChosen.current = true
    // Kept here, not only when the language changes: choosing the one already shown (the browser's,
    // on the sign-in screen) changes no state, so the effect below would not keep it.
    localStorage.setItem(LANG_KEY, l)
    setLang(l)
  }
  const langRef = useRef(lang)
  langRef.current = lang
  const csrfRef = useRef('')
  const api = useMemo(() => createAdminApi(() => langRef.current, () => csrfRef.current), [])
  // The shop's setup (public: GET /api/setup) says the currency the console writes amounts in.
  const currency = useCurrency()
  const loadSetup = useSession((s) => s.loadSetup)
  useEffect(() => {
    if (useSession.getState().setupStatus === 'idle') void loadSetup()
  }, [loadSetup])
  const t = useMemo(() => withCurrency(ADMIN_TEXTS[lang], currency), [lang, currency])

  // The shop's parts the console shows (the box office's map, cart and best seats, the sales
  // maps, the studio's map controls) speak i18next and the session store: both follow the console.
  const { i18n } = useTranslation()
  const setShopLang = useSession((s) => s.setLang)
  useEffect(() => {
    document.documentElement.lang = LANG_TAG[lang]
    // Kept only once chosen: the browser's language shown before sign-in must not pass for a choice.
    if (langChosen.current) localStorage.setItem(LANG_KEY, lang)
    setShopLang(lang)
    if (i18n.language !== lang) void i18n.changeLanguage(lang)
  }, [lang, i18n, setShopLang])
  useEffect(() => {
    api('me', {}).then(
      (m) => {
        csrfRef.current = m.csrf
        setMe(m)
      },
      () => setMe(null),
    )
  }, [api, setMe])

  const signedIn = useCallback((m: MeResponse) => {
    csrfRef.current = m.csrf
    setMe(m)
  }, [setMe])
  const signOut = async () => {
    await api('logout', {}).catch(() => undefined)
    setMe(null)
  }

  const langPicker = (
    <label className="adm-lang">
      <span className="adm-lang-word">{t.language}</span>{' '}
      <select value={lang} onChange={(e) => isLang(e.target.value) && chooseLang(e.target.value)}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l === 'ch' ? 'zh-Hant' : l === 'kz' ? 'kk' : l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )

  if (me === 'loading') return <p className="adm-main">{t.loading}</p>
  if (me === null) {
    return (
      <div className="adm">
        <header className="adm-header">
          <span className="adm-brand">{t.title}</span>
          {langPicker}
        </header>
        <main className="adm-main">
          <SignIn api={api} t={t} lang={lang} onSignedIn={signedIn} />
        </main>
      </div>
    )
  }
  const role = aside(lang, labelled(separatorsOf(lang), t.role, ROLE_NAMES[lang][me.operator.role]))
  return (
    <ConsoleContext.Provider value={{ api, t, lang, operator: me.operator, currency, timeZone: me.time_zone }}>
      <div className="adm">
        <header className="adm-header">
          <Link className="adm-brand" to="/admin">
            {t.title}
          </Link>
          <AdminNav label={t.title} lang={lang} role={me.operator.role} />
          {/* On a phone the line is cut with an ellipsis (admin.css); the title and the text itself say it whole. */}
          <span className="adm-who" title={me.operator.email + role}>
            {me.operator.email}
            {role}
          </span>
          {langPicker}
          <button type="button" onClick={() => void signOut()}>
            {t.signOut}
          </button>
        </header>
        <main className="adm-main" ref={main} tabIndex={-1}>
          <Routes>
            <Route index element={<EventList />} />
            <Route path="events/new" element={<EventEditor />} />
            <Route path="events/:id" element={<EventEditorOf />} />
            <Route path="events/:id/sales" element={<SalesScreen />} />
            <Route path="events/:id/door" element={<DoorScreen />} />
            <Route path="orders" element={<OrdersScreen />} />
            <Route path="orders/:id" element={<OrderCareScreen />} />
            <Route path="orders/:id/print" element={<PrintScreen />} />
            <Route path="boxoffice/:hash" element={<BoxOfficeScreen />} />
            <Route path="venues" element={<VenuesScreen />} />
            <Route path="drawings/:id" element={<StudioScreen />} />
            <Route path="catalogue/:kind" element={<CatalogueScreen />} />
            <Route path="extras/:tab" element={<ExtrasScreen />} />
            <Route path="shop-setup" element={<SetupScreen />} />
            <Route path="operators" element={<OperatorsScreen />} />
            <Route path="tokens" element={<TokensScreen />} />
            <Route path="audit" element={<AuditScreen />} />
            <Route path="sessions/:id/waiting-room" element={<WaitingRoomScreen />} />
            {/* Any other address (a mistyped or old link): say so, not a blank page. */}
            <Route path="*" element={<NotFoundScreen />} />
          </Routes>
        </main>
      </div>
    </ConsoleContext.Provider>
  )
}
