import type { Config } from './config'
import { DatabaseUnreachableError } from './db/unreachable'
import { TicketKeyError } from './domain/tickets/keys'

/**
 * The one line an operator needs for an expected start-up mistake (a variable pointing at the
 * wrong place, a taken port), or null for anything else, which keeps its stack trace
 * (cli/start.ts, and a cluster's primary naming why its workers do not start, cluster/primary.ts).
 */
export function startFailureMessage(err: unknown, config: Pick<Config, 'host' | 'port' | 'dataDir' | 'database'>): string | null {
  if (err instanceof DatabaseUnreachableError) return `${err.message} (${config.database.kind === 'postgres' ? 'check DATABASE_URL and that PostgreSQL is running' : 'check DATA_DIR'})`
  if (err instanceof TicketKeyError) return `Invalid ticket keys: ${err.message}`
  const e = err as NodeJS.ErrnoException & { hostname?: string }
  if (!(err instanceof Error) || typeof e.code !== 'string') return null
  // 'bind' in a cluster's worker, whose listen the primary performs.
  const listening = e.syscall === 'listen' || e.syscall === 'bind'
  if (listening && e.code === 'EADDRINUSE') return `Cannot listen on ${config.host}:${config.port}: the port is already in use by another process (PORT, HOST)`
  if (listening && e.code === 'EACCES') return `Cannot listen on ${config.host}:${config.port}: permission denied (PORT below 1024 needs privileges)`
  if (listening && e.code === 'EADDRNOTAVAIL') return `Cannot listen on ${config.host}:${config.port}: HOST is not an address of this machine`
  if (e.syscall === 'getaddrinfo' && e.hostname === config.host) return `HOST ${config.host} cannot be resolved (${e.code})`
  if (typeof e.path === 'string' && (e.code === 'EEXIST' || e.code === 'ENOTDIR' || e.code === 'EACCES') && isWithin(e.path, config.dataDir)) {
    return e.code === 'EACCES' ? `DATA_DIR ${config.dataDir} is not writable (${e.code})` : `DATA_DIR ${config.dataDir} is not a directory (${e.code})`
  }
  return null
}

function isWithin(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith('/') ? dir : `${dir}/`)
}
