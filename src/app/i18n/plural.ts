import type { Lang } from '../../contract/lang'
import { LANG_TAG } from './lang'

/**
 * A count's word forms by CLDR plural category, as i18next's `_one`/`_few`/`_many`/`_other` keys
 * are for the storefront: Russian needs one ("1 место", also 21), few ("2 места") and many
 * ("5 мест"); English one and other; Kazakh and Chinese say the same after any number (other).
 * `{n}` in a form is the number.
 */
export interface PluralForms {
  one?: string
  few?: string
  many?: string
  other: string
}

const rules = new Map<Lang, Intl.PluralRules>()

/**
 * The form of `forms` for `n` in `lang`. The rules are asked by the language's real tag
 * (LANG_TAG: kk, zh-Hant; "kz" and "ch" are no tags, as i18n/index.ts pluralsByTag says); a
 * category the forms do not give falls back to `other`.
 */
export function plural(lang: Lang, n: number, forms: PluralForms): string {
  let rule = rules.get(lang)
  if (!rule) {
    rule = new Intl.PluralRules(LANG_TAG[lang])
    rules.set(lang, rule)
  }
  const category = rule.select(n)
  const form = (category === 'one' || category === 'few' || category === 'many' ? forms[category] : undefined) ?? forms.other
  return form.replace(/\{n\}/g, String(n))
}
