import { sql } from 'kysely'
import type { Db } from '../../db/connect'

/**
 * Counts one check of an unexpired captcha that has attempts left, atomically (one conditional
 * UPDATE): answers its stored digest and the attempt number, or null when the captcha is
 * unknown, expired or out of attempts.
 */
export async function countCaptchaAttempt(db: Db, sid: string, now: number, maxAttempts: number): Promise<{ answer: string; attempts: number } | null> {
  const row = await db
    .updateTable('captchas')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('sid', '=', sid)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['answer', 'attempts'])
    .executeTakeFirst()
  return row ? { answer: row.answer, attempts: Number(row.attempts) } : null
}
