import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import QRCode from 'qrcode'
import { afterAll, describe, expect, it } from 'vitest'
import { base32Decode, base32Encode } from '../../../src/contract/tickets/base32'
import { formatToken, parseToken, TOKEN_PREFIX, type TicketClaims } from '../../../src/contract/tickets/token'
import { TicketVerifier } from '../../../src/contract/tickets/verify'
import { loadTicketKeys, TicketKeyError, writeNewKeyFile, type TicketKeys } from '../../../src/server/domain/tickets/keys'

const silent = pino({ level: 'silent' })
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-keys-'))
  dirs.push(dir)
  return dir
}

/** Keys as the server loads them, from a fresh key file (or a given one) plus listed extra public keys. */
async function keysFrom(file: string, extraPublicKeys: string[] = []): Promise<TicketKeys> {
  return loadTicketKeys({ signingKeyPem: undefined, signingKeyFile: file, generateWhenMissing: true, extraPublicKeys }, silent)
}
async function freshKeys(extra: string[] = []): Promise<TicketKeys> {
  return keysFrom(path.join(tempDir(), 'k.pem'), extra)
}
const ownKey = (k: TicketKeys) => k.published[0].publicKey

const stadiumSeat: TicketClaims = { ticketId: 1_234_567, sessionId: 48_211, place: { kind: 'seat', id: 60_000 } }

describe('base32', () => {
  it('round-trips every length and refuses foreign characters and non-canonical tails', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff)
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
    }
    expect(base32Encode(new TextEncoder().encode('foobar'))).toBe('MZXW6YTBOI')
    expect(base32Decode('MZXW6YTBO1')).toBeNull()
    // 'B' as the last character leaves a set bit beyond the byte boundary.
    expect(base32Decode('MB')).toBeNull()
  })
})

describe('signed ticket tokens', () => {
  it('signs the ticket, session and seat; verifies with the public key alone', async () => {
    const keys = await freshKeys()
    const token = keys.sign(stadiumSeat)
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true)
    // A browser check-in app holds only the published public keys.
    const verifier = await TicketVerifier.create(keys.published.map((k) => k.publicKey))
    expect(await verifier.verify(token)).toEqual({ ok: true, kid: keys.kid, claims: stadiumSeat })
    expect(parseToken(token)?.kid).toBe(keys.kid)
    for (const place of [{ kind: 'standing', id: 3 }, { kind: 'category', id: 1 }] as const) {
      const claims = { ticketId: 5, sessionId: 7, place }
      expect(await verifier.verify(keys.sign(claims))).toMatchObject({ ok: true, claims })
    }
  })

  it('is small enough for a version 6 QR code at error correction M', async () => {
    const token = (await freshKeys()).sign(stadiumSeat)
    expect(token.length).toBeLessThanOrEqual(130)
    expect(/^[0-9A-Z:]+$/.test(token)).toBe(true)
    const qr = QRCode.create(token, { errorCorrectionLevel: 'M' })
    expect(qr.version).toBeLessThanOrEqual(6)
  })

  it('refuses an altered token: any changed character of claims or signature', async () => {
    const keys = await freshKeys()
    const token = keys.sign(stadiumSeat)
    const body = base32Decode(token.slice(TOKEN_PREFIX.length))!
    // Another seat under the same signature.
    const parsed = parseToken(token)!
    const otherSeat = formatToken(Uint8Array.from([...parsed.signed.slice(0, -1), (parsed.signed.at(-1)! + 1) & 0x7f]), parsed.signature)
    expect(await keys.verifier.verify(otherSeat)).toMatchObject({ ok: false, reason: 'bad-signature' })
    // A flipped bit in each byte position.
    for (let i = 5; i < body.length; i += 7) {
      const altered = body.slice()
      altered[i] ^= 0x01
      const v = await keys.verifier.verify(TOKEN_PREFIX + base32Encode(altered))
      expect(v.ok).toBe(false)
    }
    expect(await keys.verifier.verify(`${token}AA`)).toMatchObject({ ok: false })
    expect(await keys.verifier.verify('SW:')).toEqual({ ok: false, reason: 'malformed' })
    expect(await keys.verifier.verify('123456789012')).toEqual({ ok: false, reason: 'malformed' })
  })

  it('refuses a token forged with another key, even one that claims the right key id', async () => {
    const real = await freshKeys()
    const forger = await freshKeys()
    expect(await real.verifier.verify(forger.sign(stadiumSeat))).toMatchObject({ ok: false, reason: 'unknown-key', kid: forger.kid })
    // The forger writes the real key id into the token and signs with his own key.
    const parsed = parseToken(forger.sign(stadiumSeat))!
    const claimed = parsed.signed.slice()
    claimed.set(Uint8Array.from(real.kid.match(/../g)!.map((h) => parseInt(h, 16))), 1)
    const { sign, createPrivateKey } = await import('node:crypto')
    const forgerPem = fs.readFileSync(path.join(dirs.at(-1)!, 'k.pem'), 'utf8')
    const forged = formatToken(claimed, new Uint8Array(sign(null, claimed, createPrivateKey(forgerPem))))
    expect(await real.verifier.verify(forged)).toMatchObject({ ok: false, reason: 'bad-signature', kid: real.kid })
  })

  it('keeps codes of a rotated key valid while its public key is listed, and only then', async () => {
    const oldFile = path.join(tempDir(), 'old.pem')
    const before = await keysFrom(oldFile)
    const oldToken = before.sign(stadiumSeat)
    // Rotation: a new signing key; the old public key listed in TICKET_PUBLIC_KEYS.
    const listed = await freshKeys([ownKey(before)])
    expect(listed.kid).not.toBe(before.kid)
    expect(listed.published.map((k) => k.kid)).toEqual([listed.kid, before.kid])
    expect(await listed.verifier.verify(oldToken)).toMatchObject({ ok: true, kid: before.kid, claims: stadiumSeat })
    expect(parseToken(listed.sign(stadiumSeat))?.kid).toBe(listed.kid)
    // The old key taken off the list: its codes are refused.
    const unlisted = await keysFrom(path.join(dirs.at(-1)!, 'k.pem'))
    expect(unlisted.kid).toBe(listed.kid)
    expect(await unlisted.verifier.verify(oldToken)).toMatchObject({ ok: false, reason: 'unknown-key' })
  })

  it('generates a development key once and reuses it; a named key file must exist', async () => {
    const file = path.join(tempDir(), 'keys', 'dev.pem')
    const a = await keysFrom(file)
    const b = await keysFrom(file)
    expect(b.kid).toBe(a.kid)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(writeNewKeyFile(file)).toBe(false)
    await expect(loadTicketKeys({ signingKeyPem: undefined, signingKeyFile: path.join(tempDir(), 'none.pem'), generateWhenMissing: false, extraPublicKeys: [] }, silent)).rejects.toThrow(TicketKeyError)
    await expect(freshKeys(['not-a-key'])).rejects.toThrow(TicketKeyError)
    // The PEM given in the environment wins over the file.
    const pem = fs.readFileSync(file, 'utf8')
    const fromEnv = await loadTicketKeys({ signingKeyPem: pem, signingKeyFile: path.join(tempDir(), 'unused.pem'), generateWhenMissing: true, extraPublicKeys: [] }, silent)
    expect(fromEnv.kid).toBe(a.kid)
  })
})

describe('the verification module', () => {
  it('imports nothing of Node or the server, so a browser check-in app can bundle it', () => {
    const dir = path.resolve('src/contract/tickets')
    for (const file of fs.readdirSync(dir)) {
      const imports = [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1])
      expect(imports.filter((i) => !/^\.\/[a-z0-9]+$/.test(i)), file).toEqual([])
    }
  })
})
