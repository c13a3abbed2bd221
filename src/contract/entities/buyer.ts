import { z } from 'zod'
import { EMAIL_MAX, FIO_MAX, GIFT_NAME_MAX, GIFT_PATRONYMIC_MAX, GIFT_SURNAME_MAX, PHONE_MAX_LENGTH } from '../constants'

/**
 * Buyer data sent with an order (000 §3, 001 §3): fio (single field), or for the gift card
 * surname, name, patronymic and phone; plus email and re_email. The wire schema only bounds
 * lengths; the full rules (src/contract/rules) are applied by the form and again by the server,
 * which needs the event's flags (mailconfirm, gift card) to know which fields are required.
Bounds are twice the rules' maxima because the rules strip and normalise before measuring.
 */
export const buyerFields = {
  fio: z.string().max(FIO_MAX * 2).optional(),
  surname: z.string().max(GIFT_SURNAME_MAX * 2).optional(),
  name: z.string().max(GIFT_NAME_MAX * 2).optional(),
  patronymic: z.string().max(GIFT_PATRONYMIC_MAX * 2).optional(),
  phone: z.string().max(PHONE_MAX_LENGTH * 2),
  email: z.string().max(EMAIL_MAX * 2),
  re_email: z.string().max(EMAIL_MAX * 2).optional(),
}
export const buyerSchema = z.object(buyerFields)
export type Buyer = z.infer<typeof buyerSchema>
