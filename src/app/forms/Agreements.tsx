import { useMemo, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { CheckboxItem } from '../../contract/entities/common'
import { pickLocalized } from '../../contract/lang'
import { sanitizeHtml } from '../lib/sanitize'
import { RULE_INDEX } from '../pages/RulesPage'
import { useModal } from '../state/modal'
import { useSession, useSetupRules } from '../state/session'
import { missingAgreements, type AgreementState } from './agreements'

/** Our rules pages and the setup rule each shows (RulesPage's order of db.rules). */
const RULE_PAGES: Record<string, number> = { '/rules/purchase-terms': RULE_INDEX.purchaseTerms, '/rules/privacy-policy': RULE_INDEX.privacyPolicy }

/**
 * One agreement's label: the operator's text may carry links, so it goes through the sanitizer.
 * A link must never take the visitor away from a half-filled order (issue 13 item 7): a link to
 * our rules opens the rule in the modal, any other link opens in a new tab; neither ticks the box.
 */
function AgreementText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  const lang = useSession((s) => s.lang)
  const rules = useSetupRules()
  const showModal = useModal((s) => s.show)
  const onClick = (e: MouseEvent<HTMLSpanElement>) => {
    const anchor = (e.target as HTMLElement).closest('a')
    if (anchor === null) return
    e.preventDefault()
    const url = new URL(anchor.href, window.location.href)
    const rule = url.origin === window.location.origin ? rules[RULE_PAGES[url.pathname] ?? -1] : undefined
    const body = rule === undefined ? '' : pickLocalized(rule, 'filebody', lang)
    if (rule !== undefined && body !== '') {
      showModal({ kind: 'info', title: pickLocalized(rule, 'infname', lang), html: body })
      return
    }
    window.open(url.toString(), '_blank', 'noopener')
  }
  // The span only delegates the clicks of its links (focusable; Enter on a link fires click too).
  return <span onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
}

/**
 * The agreements checkbox list (000 §3 checkboxList). Items with filling = 1 are required; after
 * a refused submit (`showErrors`) the unticked ones are marked and the errors.consent message
 * is shown.
 */
export function Agreements({ items, checked, onChange, showErrors, idPrefix }: {
  items: readonly CheckboxItem[]
  checked: AgreementState
  onChange: (next: AgreementState) => void
  showErrors: boolean
  idPrefix: string
}) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  if (items.length === 0) return null
  const missing = new Set(showErrors ? missingAgreements(items, checked) : [])
  const errorId = `${idPrefix}-agreements-error`
  return (
    <fieldset className="agreements">
      <legend className="visually-hidden">{t('form.agreements')}</legend>
      {items.map((item) => {
        const id = `${idPrefix}-agreement-${item.id}`
        const required = item.filling === 1
        return (
          <div key={item.id} className={`field field--check${missing.has(item.id) ? ' field--invalid' : ''}`}>
            <input id={id} type="checkbox" checked={checked[item.id] === true} required={required}
              aria-invalid={missing.has(item.id)} aria-describedby={missing.has(item.id) ? errorId : undefined}
              onChange={(e) => onChange({ ...checked, [item.id]: e.target.checked })} />
            <label htmlFor={id}>
              <AgreementText html={pickLocalized(item, 'name', lang)} />
              {required && <span className="field__required" aria-hidden="true"> *</span>}
            </label>
          </div>
        )
      })}
      {missing.size > 0 && <p id={errorId} className="field__error">{t('errors.consent')}</p>}
    </fieldset>
  )
}
