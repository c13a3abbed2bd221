import { useTranslation } from 'react-i18next'
import { useCart } from '../../../state/cart'
import { seatList } from './seatList'

/**
 * The cart's warning (issue 20): the server says which empty seats the visitor's choice leaves
 * single (between taken seats or at a row end). Under the event's 'enforce' rule such a choice
 * is refused instead, so this only shows under 'warn'. Announced politely when it appears.
 */
export function SinglesWarning() {
  const { t } = useTranslation()
  const singles = useCart((s) => s.singles)
  return (
    <div role="status" className="singles-warning">
      {singles.length > 0 && <p className="notice">{t('seatChoice.singles', { seats: seatList(singles, t) })}</p>}
    </div>
  )
}
