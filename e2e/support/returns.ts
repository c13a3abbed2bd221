import { seedOrderFixtures, type Fixtures } from '../../tests/integration/order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from '../../tests/integration/payment-fixtures'
import { seedReturnFixtures, startInbox, type Inbox } from '../../tests/integration/return-helpers'
import { startApp, type AppHarness } from './app'

/**
 * The browser tests of returns' shop: the app (startApp) on an empty database (DEMO_DATA=0) with
 * the order, payment and return fixtures, its e-mail going to a fresh inbox (the return links).
 * `env` adds to the server's environment (PUBLIC_URL, DOOR_TOKEN…).
 */
export interface ReturnApp {
  app: AppHarness
  inbox: Inbox
  fx: Fixtures
  pfx: PaymentFx
  reasons: number[]
  /** Closes the app and the inbox. */
  close(): Promise<void>
}

export async function startReturnApp(env: Record<string, string> = {}): Promise<ReturnApp> {
  const inbox = await startInbox()
  let app: AppHarness | undefined
  try {
    app = await startApp({ DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, ...env })
    const fx = await seedOrderFixtures(app.server.db)
    const pfx = await seedPaymentFixtures(app.server.db)
    const { reasons } = await seedReturnFixtures(app.server.db)
    const started = app
    return {
      app,
      inbox,
      fx,
      pfx,
      reasons,
      close: async () => {
        await started.close()
        await inbox.close()
      },
    }
  } catch (err) {
    await app?.close()
    await inbox.close()
    throw err
  }
}
