import { useTranslation } from 'react-i18next'

/** Logo badge size, px. */
const LOGO_WIDTH = 56
const LOGO_HEIGHT = 32

/** Card and payment-scheme names drawn as plain text badges: our own simple SVGs, no brand artwork. */
const LOGOS = ['VISA', 'MC', 'МИР', 'QR'] as const

function Logo({ text }: { text: string }) {
  return (
    <svg width={LOGO_WIDTH} height={LOGO_HEIGHT} viewBox={`0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}`} role="img" aria-label={text}>
      <rect x="0.5" y="0.5" width={LOGO_WIDTH - 1} height={LOGO_HEIGHT - 1} rx="5" fill="#ffffff" stroke="#767b84" />
      <text x={LOGO_WIDTH / 2} y={LOGO_HEIGHT / 2 + 5} textAnchor="middle" fontSize="13" fontWeight="700" fill="#1a1a1a" fontFamily="sans-serif">
        {text}
      </text>
    </svg>
  )
}

/** The payment logos under the amount (001 §2). */
export function PaymentLogos() {
  const { t } = useTranslation()
  return (
    <ul className="payment-logos" aria-label={t('order.logos')}>
      {LOGOS.map((l) => <li key={l}><Logo text={l} /></li>)}
    </ul>
  )
}
