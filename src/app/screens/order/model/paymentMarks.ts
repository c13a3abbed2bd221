import { siMastercard, siVisa, type SimpleIcon } from 'simple-icons'
import { pickLocalized, type Lang } from '../../../../contract/lang'
import type { PaymentType } from './types'

/**
 * What the payment logos under the amount show (001 §2), one entry per offered payment type in
 * its order: the operator's own image for the type when setup gave one; else our built-in marks
 * for its kind; else the type's name as plain text, never a drawn imitation of a logo. An entry
 * already shown (two card types, the same image twice) is not repeated.
 */
export type PaymentMark =
  | { kind: 'image'; key: string; src: string; alt: string }
  | { kind: 'icon'; key: string; icon: SimpleIcon }
  | { kind: 'name'; key: string; text: string }

/**
 * The card schemes' own marks, from the Simple Icons package (simple-icons on npm, CC0-1.0 for
 * the SVG data; the marks remain their owners' trademarks and are shown, as venues do, only to
 * say which cards are accepted), by protocol_kind. Mir has no mark in any maintained icon package
 * we could use, so it is not drawn rather than imitated: an operator who may show it gives the
 * card type its own image.
 */
const BUILT_IN_MARKS: Readonly<Record<string, readonly SimpleIcon[]>> = {
  CARD: [siVisa, siMastercard],
}

export function paymentMarks(types: readonly PaymentType[], lang: Lang): PaymentMark[] {
  const marks: PaymentMark[] = []
  const seen = new Set<string>()
  const add = (mark: PaymentMark) => {
    if (seen.has(mark.key)) return
    seen.add(mark.key)
    marks.push(mark)
  }
  for (const type of types) {
    const name = pickLocalized(type, 'name', lang)
    const builtIn = BUILT_IN_MARKS[type.protocol_kind.toUpperCase()] ?? []
    if (type.image_url !== undefined && type.image_url !== '') add({ kind: 'image', key: `image:${type.image_url}`, src: type.image_url, alt: name })
    else if (builtIn.length > 0) for (const icon of builtIn) add({ kind: 'icon', key: `icon:${icon.slug}`, icon })
    else if (name !== '') add({ kind: 'name', key: `name:${name}`, text: name })
  }
  return marks
}
