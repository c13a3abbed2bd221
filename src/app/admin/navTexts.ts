import type { Lang } from '../../contract/lang'

/**
 * Words of the console's section list (AdminNav.tsx) that its sections' own names do not give:
 * on a phone the list folds behind one button, "Разделы: События", naming the section open.
 */
const ru = {
  /** The button's word, before the open section's name (or alone on an address in no section). */
  sections: 'Разделы',
}
type NavTexts = typeof ru
const en: NavTexts = { sections: 'Sections' }
const kz: NavTexts = { sections: 'Бөлімдер' }
const ch: NavTexts = { sections: '選單' }
export const NAV_TEXTS: Record<Lang, NavTexts> = { ru, en, kz, ch }
