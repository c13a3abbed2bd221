/**
 * Start-up warnings about the mail settings in production (config.ts loadConfig; the server logs
 * each). Each default is right for a development machine and silently wrong for a shop: buyers
 * would get no tickets, or links they cannot open, and order care would still list the mail as
 * sent. The server starts all the same (a shop may send no mail for a while on purpose).
 */
export function productionMailWarnings(s: { publicUrl: string | undefined; smtpUrl: string | undefined; mailFrom: string; defaultMailFrom: string; port: number }): string[] {
  const warnings: string[] = []
  if (s.publicUrl === undefined) {
    warnings.push(
      `PUBLIC_URL is not set in production: the links in e-mails (tickets, return confirmations, moved sessions) point at http://localhost:${s.port}, which buyers cannot open, and cookies are not marked Secure. Set PUBLIC_URL to the shop's public https address.`,
    )
  }
  if (s.smtpUrl === undefined) {
    warnings.push(
      'SMTP_URL is not set in production: no e-mail leaves the server (each is written as an .eml file under DATA_DIR/outbox and counted as sent), so buyers get no tickets by mail and no return confirmation link. Set SMTP_URL to your mail relay (smtp:// or smtps://).',
    )
  }
  if (s.mailFrom === s.defaultMailFrom) {
    warnings.push(`MAIL_FROM is its default (${s.defaultMailFrom}) in production: relays checking SPF/DMARC refuse or junk it. Set MAIL_FROM to an address of a domain the relay may send for.`)
  }
  return warnings
}
