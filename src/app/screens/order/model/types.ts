import type { z } from 'zod'
import type { serviceFeeSchema } from '../../../../contract/entities/orderView'

/** Contract types the order view uses, in one place. */
export type { OrderViewResponse, TicketLine } from '../../../../contract/entities/orderView'
export type { AddToping, Toping } from '../../../../contract/entities/offers'
export type { PaymentType, PaymentStartResponse } from '../../../../contract/entities/payment'
export type { DiscountData } from '../../../../contract/entities/loyalty'
export type ServiceFeeSchema = z.infer<typeof serviceFeeSchema>
