import type { Db } from '../../db/connect'

/** The captcha's repository: rows of `captchas` (sid, answer digest, attempts, expiry). */

export interface NewCaptcha {
  sid: string
  answer: string
  created_at: number
  expires_at: number
}

/** Deletes captchas expired at `now` (done on every new one, so the table stays small). */
export async function deleteExpiredCaptchas(db: Db, now: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<=', now).execute()
}

export async function insertCaptcha(db: Db, row: NewCaptcha): Promise<void> {
  await db.insertInto('captchas').values(row).execute()
}

/** A captcha not expired at `now`; undefined otherwise. */
export async function markCaptchaSolved(db: Db, sid: string, now: number): Promise<void> {
  await db.updateTable('captchas').set({ solved_at: now }).where('sid', '=', sid).execute()
}

export async function deleteCaptcha(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('captchas').where('sid', '=', sid).execute()
}

/** Deletes a captcha and answers what it held (one DELETE … RETURNING, so it is used once). */
export async function takeCaptcha(db: Db, sid: string): Promise<{ answer: string; expires_at: number } | undefined> {
  const rows = await db.deleteFrom('captchas').where('sid', '=', sid).returning(['answer', 'expires_at']).execute()
  return rows[0]
}
