import { siMastercard, siVisa, type SimpleIcon } from 'simple-icons'
import { useTranslation } from 'react-i18next'

/** Logo height, px; the brand marks are square (24×24 view box). */
const LOGO_SIZE = 28

/**
 * The card schemes' own marks, from the Simple Icons package (simple-icons on npm, CC0-1.0 for
 * the SVG data; the marks remain their owners' trademarks and are shown, as venues do, only to
 * say which cards are accepted). Mir has no mark in any maintained icon package we could use,
 * so it is not drawn rather than imitated.
 */
const LOGOS: readonly SimpleIcon[] = [siVisa, siMastercard]

/** The payment logos under the amount (001 §2). */
export function PaymentLogos() {
  const { t } = useTranslation()
  return (
    <ul className="payment-logos" aria-label={t('order.logos')}>
      {LOGOS.map((icon) => (
        <li key={icon.slug}>
          <svg width={LOGO_SIZE} height={LOGO_SIZE} viewBox="0 0 24 24" role="img" aria-label={icon.title}>
            <path d={icon.path} fill={`#${icon.hex}`} />
          </svg>
        </li>
      ))}
    </ul>
  )
}
