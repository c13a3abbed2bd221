import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../contract/lang'
import { safeUrl } from '../lib/assets'
import { useModal } from '../state/modal'
import { useSession, useSetupRules } from '../state/session'

/**
 * Rules dropdown (document 001 §2): each setup rule opens its external url in a new tab, or
 * its html body (sanitized by the modal) in the generic modal. A disclosure button, not an ARIA
 * menu: plain links and buttons keep the usual Tab order and need no roving focus.
 */
export function RulesMenu() {
  const { t } = useTranslation()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const lang = useSession((s) => s.lang)
  const rules = useSetupRules()
  const showModal = useModal((s) => s.show)

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onFocus = (e: FocusEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open])

  if (rules.length === 0) return null

  return (
    <div className="rules-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="rules-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('shell.rules')}
        <span className="rules-menu__caret" aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="rules-menu__list" hidden={!open}>
        {rules.map((rule) => {
          const name = pickLocalized(rule, 'infname', lang)
          const url = safeUrl(pickLocalized(rule, 'url', lang))
          const body = pickLocalized(rule, 'filebody', lang)
          return (
            <li key={rule.id}>
              {url !== undefined ? (
                <a className="rules-menu__item" href={url} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                  {name}
                </a>
              ) : (
                <button
                  type="button"
                  className="rules-menu__item"
                  onClick={() => {
                    setOpen(false)
                    showModal({ kind: 'info', title: name, html: body !== '' ? body : undefined, text: body === '' ? t('rules.empty') : undefined })
                  }}
                >
                  {name}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
