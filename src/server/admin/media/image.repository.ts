import type { Db } from '../../db/connect'

/** Event images the console uploads: rows of the images table (served by routes/media.ts), linked by events.image_id. */

/** The id of the image stored under `fileName`, if any (the same upload twice is one row). */
export async function imageIdByName(db: Db, fileName: string): Promise<number | undefined> {
  return (await db.selectFrom('images').select('id').where('file_name', '=', fileName).executeTakeFirst())?.id
}

export async function insertImage(db: Db, row: { file_name: string; mime: string; width: number; height: number; body: string }): Promise<number> {
  return (await db.insertInto('images').values(row).returning('id').executeTakeFirstOrThrow()).id
}

/** Points an event at an image; answers the image it had before (null = none). */
export async function setEventImage(db: Db, eventId: number, imageId: number): Promise<number | null | undefined> {
  const before = await db.selectFrom('events').select('image_id').where('id', '=', eventId).executeTakeFirst()
  if (!before) return undefined
  await db.updateTable('events').set({ image_id: imageId }).where('id', '=', eventId).execute()
  return before.image_id
}
