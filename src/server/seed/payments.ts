import type { Db } from '../db/connect'
import { loc } from './util'

/**
 * Demo data of the payment flow, beside what reference.ts and sales.ts already load (payment
 * types card / sbp / pushkin, promo codes WELCOME10 single-use and THEATRE500 multi-use, the
 * loyalty card CARD-0001 with 1,500 bonuses, three special offers):
 * - the hidden-form payment type (protocol_type card-form), so every flow of the sandbox bank
 *   (redirect, hidden form, QR, culture-card widget) has a payment type in the demo;
 * - promo code DUO2: multi-use with a limit of 2, small enough to watch it run out.
 */
export async function seedPaymentDemo(db: Db): Promise<void> {
  await db
    .insertInto('payment_types')
    .values({
      protocol_type: 'card-form',
      protocol_kind: 'CARD',
      sortnum: 4,
      ...loc('name', ['Банковская карта (форма банка)', 'Bank card (bank form)', 'Банк картасы (банк формасы)', '銀行卡（銀行表單）']),
      ...loc('descript', ['Данные карты вводятся на странице банка', 'Card details are entered on the bank page', 'Карта деректері банк бетінде енгізіледі', '在銀行頁面輸入卡信息']),
    })
    .execute()
  await db.insertInto('promo_codes').values({ code: 'DUO2', discount_percent: 15, discount_amount: 0, multi_use: 1, max_uses: 2, valid_to: null }).execute()
}
