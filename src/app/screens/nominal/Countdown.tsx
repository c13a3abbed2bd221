import { useTranslation } from 'react-i18next'
import { splitCountdown } from './model/form'

/** Time left to confirm: days, hours, minutes and seconds (000 §4), announced politely. */
export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation()
  const { days, hours, minutes, seconds: s } = splitCountdown(seconds)
  const pad = (n: number) => String(n).padStart(2, '0')
  return (
    <p className="nominal__countdown">
      <span>{t('nominal.time-left')} </span>
      <time dateTime={`P${days}DT${hours}H${minutes}M${s}S`} className="nominal__countdown-value">
        {days > 0 && `${t('nominal.days', { count: days })} `}
        {pad(hours)}:{pad(minutes)}:{pad(s)}
      </time>
    </p>
  )
}
