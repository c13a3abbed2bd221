import { startTransition, useEffect, useState } from 'react'
import { create } from 'zustand'
import type { CrmClient } from '../../contract/entities/crm'
import type { Setup } from '../../contract/entities/setup'
import { DEFAULT_CURRENCY } from '../../contract/constants'
import { DEFAULT_VENUE_TIME_ZONE } from '../../contract/rules/wallClock'
import { DEFAULT_LANG, parseLanguageList, type Lang } from '../../contract/lang'
import { api, setRequestLang } from '../api/client'
import { renewAdmissions } from './admission'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * Session state (document 001 §3 "Session state"): language, setup and the identified CRM
 * client. Screens' own data (the listing, an order) stays in the screens; engine and seat
 * state never live here.
 */
interface SessionState {
  lang: Lang
  setup: Setup | null
  setupStatus: LoadStatus
  /** Languages setup offers (db.languages); every known language until setup arrives. */
  languages: Lang[]
  crmClient: CrmClient | null
  setLang: (lang: Lang) => void
  loadSetup: () => Promise<void>
  /** Sends the sign-in token of ?crm= to the server and keeps the client it answers. */
  signInCrm: (token: string) => Promise<void>
}

export const useSession = create<SessionState>((set, get) => ({
  lang: DEFAULT_LANG,
  setup: null,
  setupStatus: 'idle',
  languages: [],
  crmClient: null,
  setLang: (lang) => {
    setRequestLang(lang)
    if (get().lang !== lang) set({ lang })
  },
  loadSetup: async () => {
    if (get().setupStatus === 'loading') return
    set({ setupStatus: 'loading' })
    try {
      const setup = await api.call('setup')
      set((state) => ({
        setup,
        setupStatus: 'ready',
        languages: parseLanguageList(setup.db.languages),
        // A client signed in through ?crm= in this page load wins over the setup snapshot.
        crmClient: state.crmClient ?? (setup.crm_client.data === null ? null : setup.crm_client),
      }))
    } catch (error) {
      // Network failures are only logged (spec §8); the shell shows a retry notice.
      console.error('setup failed', error)
      set({ setupStatus: 'error' })
    }
  },
  signInCrm: async (token) => {
    try {
      const answer = await api.call('crmClientInfo', { token })
      set({ crmClient: answer.crm_client !== null && answer.crm_client.data !== null ? answer.crm_client : null })
      // The sign-in gave the visitor a new session id: the waiting rooms' tokens follow it.
      await renewAdmissions((calendarId) => api.call('queueStatus', { calendar_id: calendarId }))
    } catch (error) {
      console.error('crm sign-in failed', error)
    }
  },
}))

const selectSetup = (s: SessionState) => s.setup

/**
 * The currency the shop sells in (setup's app.currency, which the server answers already read by
 * shopCurrency; the spec's default until setup arrives).
 */
export const currencyOf = (setup: Setup | null): string => setup?.app.currency ?? DEFAULT_CURRENCY
/** The shop's currency for a screen: every amount a screen writes goes through formatMoney with it. */
export const useCurrency = (): string => useSession((s) => currencyOf(s.setup))
/** The venue's IANA time zone (setup's time_zone; the default zone until setup arrives or when a server sends none). */
export const useVenueTimeZone = (): string => useSession((s) => s.setup?.time_zone ?? DEFAULT_VENUE_TIME_ZONE)

/** No rules yet (setup not arrived): one array, so the selector below answers the same value each time. */
const NO_RULES: Setup['db']['rules'] = []
/**
 * Setup's rules (purchase terms, privacy policy…), none until setup arrives. A zustand selector
 * must answer the same value while the store is unchanged: `s.setup?.db.rules ?? []` made a new
 * array on every call while setup was on its way, which useSyncExternalStore takes for a store that
 * never settles, re-rendering until React gave up (#185, "Maximum update depth exceeded") and the
 * page fell to the error screen: a reload of the scheme page with seats in the cart (its order
 * form's agreements) whenever /api/setup answered after the cart.
 */
export const useSetupRules = (): Setup['db']['rules'] => useSession((s) => s.setup?.db.rules ?? NO_RULES)

/**
 * Setup for a screen's large subtree (the scheme page, the payment choice, the title). Read
 * through useSession, setup's arrival re-rendered every reader in one synchronous render
 * (useSyncExternalStore's updates are never sliced): on the scheme page that was the whole
 * session view, 150-400 ms of main-thread CPU in one task at the phone profile's 4x (issue 16: no
 * task over 50 ms). Here the value follows the store in a transition, which React renders in
 * slices; a reader may show the previous setup for a frame or two.
 */
export function useSetupInTransition(): Setup | null {
  const [setup, setSetup] = useState(() => selectSetup(useSession.getState()))
  useEffect(() => {
    const follow = () => {
      const next = selectSetup(useSession.getState())
      startTransition(() => setSetup(next))
    }
    // A change between the first render and this effect is caught here.
    follow()
    return useSession.subscribe(follow)
  }, [])
  return setup
}
