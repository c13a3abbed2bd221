import { describe, expect, it } from 'vitest'
import { LEADER_LEASE_MS, LEADER_RENEW_MS, leaderTimings } from '../../../src/server/background/leader'
import { ConfigError, loadConfig } from '../../../src/server/config'

/**
 * LEADER_LEASE_MS (config.ts) exists so the cluster tests can wait seconds, not 20, for a takeover;
 * production must still get the lease it always had: 15 s, renewed every 5 s.
 */
describe('LEADER_LEASE_MS', () => {
  it('unset, production and development get a 15 s lease renewed every 5 s', () => {
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      const timings = leaderTimings(loadConfig(env, '/srv/app').leaderLeaseMs)
      expect(timings).toEqual({ leaseMs: 15_000, renewMs: 5_000 })
      expect(timings).toEqual({ leaseMs: LEADER_LEASE_MS, renewMs: LEADER_RENEW_MS })
    }
  })

  it('a set lease is renewed every third of it, so two renewals may fail before it runs out', () => {
    expect(leaderTimings(loadConfig({ LEADER_LEASE_MS: '3000' }).leaderLeaseMs)).toEqual({ leaseMs: 3_000, renewMs: 1_000 })
    expect(leaderTimings(loadConfig({ LEADER_LEASE_MS: '2000' }).leaderLeaseMs)).toEqual({ leaseMs: 2_000, renewMs: 667 })
  })

  it('refuses a lease that is not a whole number of ms from 2 s to 10 minutes', () => {
    for (const value of ['1999', '600001', '0', '-5', '2.5', 'fast']) {
      expect(() => loadConfig({ LEADER_LEASE_MS: value })).toThrow(ConfigError)
      expect(() => loadConfig({ LEADER_LEASE_MS: value })).toThrow(/LEADER_LEASE_MS/)
    }
    expect(loadConfig({ LEADER_LEASE_MS: '600000' }).leaderLeaseMs).toBe(600_000)
  })
})
