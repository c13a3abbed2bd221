import type { Db } from '../../db/connect'

/** The images' repository: pictures stored in the database (posters, payment logos, the location point). */

/** An image's type and bytes by its file name; undefined when none. */
export function findImage(db: Db, fileName: string) {
  return db.selectFrom('images').select(['mime', 'body']).where('file_name', '=', fileName).executeTakeFirst()
}
