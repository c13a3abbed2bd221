import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../contract/lang'
import { useSession, useSetupInTransition } from '../state/session'

/** Separator between the page's title and the storefront's name. */
const TITLE_SEPARATOR = ' — '

/**
 * The titles the mounted screens ask for, by the order they were first rendered in. A screen's
 * loader and the screen it shows both ask (SchemeLoader's "Hall scheme", SchemePage's event
 * name): the one rendered last, the innermost, wins, whatever order their effects re-run in (the
 * loader's ran last when setup arrived after the page, and the tab said "Hall scheme").
 */
const claims = new Map<number, string>()
let lastClaim = 0
/** A state of the page put before its title (the waiting room's "In the queue: 12"); null: none. */
let lead: { owner: number; text: string } | null = null

function showTitle(): void {
  if (claims.size === 0) return
  const title = claims.get(Math.max(...claims.keys()))!
  document.title = lead === null ? title : `${lead.text}${TITLE_SEPARATOR}${title}`
}

/**
 * Sets document.title for a screen: the page title (a key under `titles.`) followed by the
 * storefront's name from setup (title_{lang}), or the app's generic name before setup arrives.
 */
export function useTitle(key: string, override?: string): void {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const setup = useSetupInTransition()
  const page = override !== undefined && override !== '' ? override : t(`titles.${key}`)
  const site = setup === null ? '' : pickLocalized(setup, 'title', lang)
  const brand = site !== '' ? site : t('meta.appName')
  const title = page === brand ? page : `${page}${TITLE_SEPARATOR}${brand}`
  // Numbered in render order: a parent renders before its children.
  const [id] = useState(() => ++lastClaim)
  useEffect(() => {
    claims.set(id, title)
    showTitle()
  }, [id, title])
  useEffect(
    () => () => {
      claims.delete(id)
      showTitle()
    },
    [id],
  )
}

/**
 * Puts `text` before the screen's title while the calling component is mounted (null: nothing),
 * so a tab in the background says what the page is doing; the title goes back when it unmounts.
 */
export function useTitleLead(text: string | null): void {
  const [owner] = useState(() => ++lastClaim)
  useEffect(() => {
    lead = text === null ? null : { owner, text }
    showTitle()
  }, [owner, text])
  useEffect(
    () => () => {
      if (lead?.owner !== owner) return
      lead = null
      showTitle()
    },
    [owner],
  )
}
