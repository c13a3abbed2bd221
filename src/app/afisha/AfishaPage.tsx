import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { EVENTS_PER_PAGE, PAGINATION_DELAY_MS, TAGS_MAX_DESKTOP, TAGS_MAX_MOBILE } from '../../contract/constants'
import { useTitle } from '../hooks/useTitle'
import { SUB_FLAG } from '../lib/links'
import { useSession } from '../state/session'
import { EventCard } from './EventCard'
import { FilterBar } from './FilterBar'
import { applyFilters, bySubscriptions, EMPTY_FILTERS, isFiltering, loadFilters, saveFilters, tagChips, type AfishaFilters } from './filters'
import { KindMenu, MainMenu } from './Menus'
import { buildCards, cardsInSelection, gridColumns, kindMenu, mainMenu, pageWindow, selectKind, selectMenu } from './model'
import { api } from '../api/client'
import { useContractCall } from '../kernel/useContractCall'
import { useMediaQuery } from './useMediaQuery'

/** Phones get fewer tag chips (000 §9: 20 desktop, 6 mobile); same breakpoint as the CSS. */
const MOBILE_QUERY = '(max-width: 600px)'

/** The listing screen (route afisha, document 000 §2). */
export function AfishaPage() {
  const { t } = useTranslation()
  useTitle('afisha')
  const lang = useSession((s) => s.lang)
  const { data, status, reload } = useContractCall(() => api.call('afisha'), [], { label: 'afisha', notFound: () => false })
  const [params, setParams] = useSearchParams()
  const isMobile = useMediaQuery(MOBILE_QUERY)

  // ?reset=1 clears the kept filters once, then leaves the URL.
  const resetRequested = params.get('reset') === '1'
  const [filters, setFilters] = useState<AfishaFilters>(() =>
    resetRequested ? EMPTY_FILTERS : loadFilters(window.localStorage, Date.now()),
  )
  useEffect(() => {
    if (!resetRequested) return
    setFilters(EMPTY_FILTERS)
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      next.delete('reset')
      return next
    }, { replace: true })
  }, [resetRequested, setParams])
  useEffect(() => saveFilters(window.localStorage, filters, Date.now()), [filters])

  const cards = useMemo(() => (data === null ? [] : buildCards(data, lang)), [data, lang])
  const kinds = useMemo(() => (data === null ? { items: [], visible: false } : kindMenu(data, lang)), [data, lang])
  const kindId = selectKind(kinds.items, params.get('id'))
  const menu = useMemo(() => (data === null ? [] : mainMenu(data, kindId, lang)), [data, kindId, lang])
  const menuId = selectMenu(menu, params.get('sid'))

  // Changing the top menu clears the search (000 §4).
  const previousKind = useRef(kindId)
  useEffect(() => {
    // null → a kind is the listing arriving, not the visitor switching: the kept search stays.
    if (previousKind.current !== null && previousKind.current !== kindId) {
      setFilters((f) => (f.search === '' ? f : { ...f, search: '' }))
    }
    previousKind.current = kindId
  }, [kindId])

  // ?sub=1 narrows the list to the client's subscriptions, when the client has any.
  const subscriptions = useSession((s) => s.crmClient?.subscriptions)
  const subscriptionHashes = useMemo(() => (subscriptions ?? []).map((s) => s.hash_id), [subscriptions])
  const hasSubscriptions = subscriptionHashes.length > 0
  const subOnly = hasSubscriptions && params.get('sub') === SUB_FLAG
  const setSubOnly = (checked: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      if (checked) next.set('sub', SUB_FLAG)
      else next.delete('sub')
      return next
    })

  /** Reset clears every filter (000 §4), the subscription one included. */
  const resetAll = () => {
    setFilters(EMPTY_FILTERS)
    if (subOnly) setSubOnly(false)
  }

  const selection = useMemo(() => cardsInSelection(cards, kindId, menuId), [cards, kindId, menuId])
  // The calendar shows for a menu item with showfiltercalendar = 1; under "All", when any
  // item of the kind has it.
  const showCalendar = useMemo(() => {
    const items = (data?.main_menu ?? []).filter((m) => (menuId === null ? kindId === null || m.menukind_id === kindId : m.mainmenu_id === menuId))
    return items.some((m) => m.showfiltercalendar === 1)
  }, [data, kindId, menuId])
  const visibleCards = useMemo(() => {
    const filtered = applyFilters(selection, filters, showCalendar)
    return subOnly ? bySubscriptions(filtered, subscriptionHashes) : filtered
  }, [selection, filters, showCalendar, subOnly, subscriptionHashes])
  const tags = useMemo(
    () => (data === null ? [] : tagChips(selection, data, lang, isMobile ? TAGS_MAX_MOBILE : TAGS_MAX_DESKTOP)),
    [selection, data, lang, isMobile],
  )

  // Pagination restarts whenever what is listed changes.
  const listKey = `${kindId}|${menuId}|${subOnly}|${showCalendar}|${JSON.stringify(filters)}`
  const [paging, setPaging] = useState({ key: listKey, pages: 1 })
  const pages = paging.key === listKey ? paging.pages : 1
  const pageInfo = pageWindow(visibleCards.length, pages, EVENTS_PER_PAGE)
  const [loadingMore, setLoadingMore] = useState(false)
  const loadMore = () => {
    setLoadingMore(true)
    // The spec reveals the next page after a short delay (000 §4, 100 ms).
    window.setTimeout(() => {
      setPaging({ key: listKey, pages: pages + 1 })
      setLoadingMore(false)
    }, PAGINATION_DELAY_MS)
  }

  // Columns from the menu item, else setup's subscription_col or tickets_col (000 §3).
  const columns = data === null ? undefined : gridColumns(data, kindId, menuId)

  return (
    <section className="afisha" aria-labelledby="afisha-title" aria-busy={status === 'loading'}>
      <h1 id="afisha-title" className="afisha__title">{t('titles.afisha')}</h1>
      {status === 'loading' && <p className="afisha__status">{t('afisha.loading')}</p>}
      {status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{t('shell.loadFailed')}</p>
          <button type="button" className="button" onClick={reload}>{t('shell.retry')}</button>
        </div>
      )}
      {data !== null && (
        <>
          {kinds.visible && <KindMenu items={kinds.items} selected={kindId} />}
          <MainMenu items={menu} kindId={kinds.visible ? kindId : null} selected={menuId} />
          {selection.length > 0 && (
            <FilterBar
              filters={filters}
              tags={tags}
              onChange={setFilters}
              onReset={resetAll}
              showCalendar={showCalendar}
              subscription={hasSubscriptions ? { checked: subOnly, onChange: setSubOnly } : undefined}
            />
          )}
          <p className="afisha__count" role="status">
            {visibleCards.length > 0 ? t('afisha.showing', { shown: pageInfo.shown, total: visibleCards.length }) : ''}
          </p>
          {selection.length === 0 && <p className="afisha__empty">{t('afisha.not-found')}</p>}
          {selection.length > 0 && visibleCards.length === 0 && (isFiltering(filters) || subOnly) && (
            <div className="afisha__empty">
              <p>{t('afisha.no-tickets-found')}</p>
              <button
                type="button"
                className="button"
                onClick={resetAll}
              >
                {t('afisha.reset-filters')}
              </button>
            </div>
          )}
          {visibleCards.length > 0 && (
            <ul className="event-grid" style={columns === undefined ? undefined : { ['--afisha-columns' as string]: columns }}>
              {visibleCards.slice(0, pageInfo.shown).map((card) => (
                <li key={card.id} className="event-grid__item"><EventCard card={card} /></li>
              ))}
            </ul>
          )}
          {pageInfo.left > 0 && (
            <p className="afisha__more">
              <button type="button" className="button" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
                {t('afisha.load-next', { count: pageInfo.next, left: pageInfo.left })}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  )
}
