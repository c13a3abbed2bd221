import pg from 'pg'
import { PG_CHANNEL, PG_LISTEN_RETRY_MS } from './constants'

/**
 * LISTEN seat_changes on a dedicated PostgreSQL connection (a pooled connection cannot keep
 * listening). Every notification, and every (re)connect, calls `onWake`: the payload is only a
 * session id, the feed reads the changes from the table. A lost connection is reopened after
 * PG_LISTEN_RETRY_MS; nothing is lost meanwhile because the feed reads by id, not by payload.
 */
export class PgListener {
  private client: pg.Client | null = null
  private stopped = false
  private retry: NodeJS.Timeout | null = null

  constructor(
    private readonly url: string,
    private readonly onWake: () => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return
    const client = new pg.Client({ connectionString: this.url })
    client.on('notification', () => this.onWake())
    client.on('error', (err) => {
      this.onError(err)
      this.reconnect(client)
    })
    client.on('end', () => this.reconnect(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${PG_CHANNEL}`)
      this.client = client
      this.onWake()
    } catch (err) {
      this.onError(err)
      this.reconnect(client)
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.retry || (this.client !== null && this.client !== client)) return
    this.client = null
    client.end().catch(() => undefined)
    this.retry = setTimeout(() => {
      this.retry = null
      void this.start()
    }, PG_LISTEN_RETRY_MS)
    this.retry.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.retry) clearTimeout(this.retry)
    const client = this.client
    this.client = null
    if (client) await client.end().catch(() => undefined)
  }
}
