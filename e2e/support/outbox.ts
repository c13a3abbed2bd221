import fs from 'node:fs'
import path from 'node:path'
import { decodeMessage, returnLinkOf } from '../../tests/integration/return-helpers'

/**
 * The return link (path and hash_conf) of the newest return e-mail for `hash`, read from the
 * .eml files the server writes under its outbox folder without SMTP_URL: the message as it was
 * delivered. The stored copy in mail_outbox has the secret blanked once sent (mail.repository.ts
 * blankMailSecret), so only the delivered message carries a usable link.
 */
export function newestReturnLink(outbox: string, hash: string): { path: string; hashConf: string } {
  const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort()
  for (const f of files.reverse()) {
    const raw = fs.readFileSync(path.join(outbox, f), 'latin1')
    if (decodeMessage(raw).includes(`/order/return/${hash}?hash_conf=`)) return returnLinkOf(raw)
  }
  throw new Error(`no return e-mail for ${hash} in the outbox`)
}
