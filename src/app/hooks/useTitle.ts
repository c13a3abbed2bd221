import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../contract/lang'
import { useSession, useSetupInTransition } from '../state/session'

/** Separator between the page's title and the storefront's name. */
const TITLE_SEPARATOR = ' — '

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
  useEffect(() => {
    document.title = page === brand ? page : `${page}${TITLE_SEPARATOR}${brand}`
  }, [page, brand])
}
