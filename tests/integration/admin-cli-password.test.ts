import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { AdminClient } from './admin-helpers'

/**
 * `npm run admin -- create-owner --password-stdin` (src/server/admin/cli.ts) takes the first
 * owner's password from standard input, so it shows in neither `ps` nor the shell's history;
 * the owner then signs in with it.
 */
function adminCli(args: string[], env: Record<string, string>, stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, output }))
    child.stdin.end(stdin)
  })
}

const PASSWORD = 'a password from stdin 123'

describe('create-owner --password-stdin', () => {
  let server: TestServer
  const made: Array<{ code: number | null; output: string }> = []
  beforeAll(async () => {
    server = await startTestServer({
      db: 'sqlite',
      env: { DEMO_DATA: '0' },
      prepare: async (_dataDir, env) => {
        made.push(await adminCli(['create-owner', '--email', 'owner@example.org', '--password-stdin'], env, `${PASSWORD}\n`))
        made.push(await adminCli(['create-owner', '--email', 'other@example.org', '--password', 'x'.repeat(12), '--password-stdin'], env, PASSWORD))
      },
    })
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('creates the owner with the password read from stdin (trailing newline dropped)', async () => {
    expect(made[0].code, made[0].output).toBe(0)
    expect(made[0].output).toContain('owner owner@example.org created')
    const client = new AdminClient(server.url)
    expect((await client.login('owner@example.org', PASSWORD)).status).toBe(200)
  })

  it('refuses --password together with --password-stdin', () => {
    expect(made[1].code).toBe(1)
    expect(made[1].output).toMatch(/--password or --password-stdin, not both/)
  })
})
