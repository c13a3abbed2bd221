import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../src/server/config'

describe('ticket key and door configuration', () => {
  it('defaults: a development key under DATA_DIR, generated when missing; no door token', () => {
    const c = loadConfig({}, '/srv/app')
    expect(c.ticketKeys).toEqual({ signingKeyPem: undefined, signingKeyFile: '/srv/app/data/keys/ticket-signing-key.pem', generateWhenMissing: true, extraPublicKeys: [] })
    expect(c.doorToken).toBeUndefined()
  })

  it('reads the key file, older public keys and the door token; a named file is never generated', () => {
    const c = loadConfig({ TICKET_SIGNING_KEY_FILE: 'secrets/k.pem', TICKET_PUBLIC_KEYS: ' aaa, bbb\nccc ', DOOR_TOKEN: 'a-door-token-of-16+' }, '/srv/app')
    expect(c.ticketKeys).toMatchObject({ signingKeyFile: '/srv/app/secrets/k.pem', generateWhenMissing: false, extraPublicKeys: ['aaa', 'bbb', 'ccc'] })
    expect(c.doorToken).toBe('a-door-token-of-16+')
  })

  it('refuses a short door token and a signing key that is not a PEM private key', () => {
    expect(() => loadConfig({ DOOR_TOKEN: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ TICKET_SIGNING_KEY: 'not a key' })).toThrow(/TICKET_SIGNING_KEY/)
  })
})
