import { describe, expect, it } from 'vitest'
import { pgDumpHint } from '../../src/server/cli/backup'

/**
 * The pg_dump / pg_restore commands `npm run backup` prints for PostgreSQL connect as the server
 * does: the whole DATABASE_URL (sslmode and every other parameter), with its password left out.
 */
describe('pgDumpHint', () => {
  const url = 'postgres://seatwise:s3cret-pass@db.internal:6543/seatwise_shop?sslmode=verify-full&sslrootcert=/etc/ssl/ca.pem&application_name=shop'
  const hint = pgDumpHint(url, '/backups/shop.dump')
  const line = (tool: string) => hint.split('\n').map((l) => l.trim()).find((l) => l.startsWith(tool))!

  it('passes the connection string with its parameters to pg_dump and pg_restore', () => {
    const uri = `'postgres://seatwise@db.internal:6543/seatwise_shop?sslmode=verify-full&sslrootcert=/etc/ssl/ca.pem&application_name=shop'`
    expect(line('pg_dump')).toBe(`pg_dump --dbname=${uri} --format=custom --file=/backups/shop.dump`)
    expect(line('pg_restore')).toBe(`pg_restore --dbname=${uri} --clean --if-exists /backups/shop.dump`)
  })

  it('never prints the password', () => {
    expect(hint).not.toContain('s3cret-pass')
    expect(hint).toContain('PGPASSWORD')
  })

  it('keeps a URL without parameters plain', () => {
    const plain = pgDumpHint('postgres://postgres@127.0.0.1:5432/shop', 'x.dump')
    expect(plain).toContain('pg_dump --dbname=postgres://postgres@127.0.0.1:5432/shop --format=custom --file=x.dump')
  })
})
