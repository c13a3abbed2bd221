import type { Config } from '../config'
import type { PaymentProvider } from './provider'
import { DESK_PROTOCOL, deskProvider } from './desk'
import { sandboxProviders } from './sandbox/provider'

/**
 * Payment providers by payment type: payment_types.protocol_type names the provider that serves
 * the type. A type whose protocol_type has no provider here is not offered to buyers (it has no
 * payment path), so a deployment turns a bank on or off by configuration alone.
 */
export class PaymentRegistry {
  private readonly byProtocol = new Map<string, PaymentProvider>()

  register(protocolType: string, provider: PaymentProvider): void {
    this.byProtocol.set(protocolType, provider)
  }

  forProtocol(protocolType: string): PaymentProvider | undefined {
    return this.byProtocol.get(protocolType)
  }

  /** Providers by callback name (one provider may serve several payment types). */
  byName(name: string): PaymentProvider[] {
    return [...new Set(this.byProtocol.values())].filter((p) => p.name === name)
  }

  get protocols(): string[] {
    return [...this.byProtocol.keys()]
  }
}

/**
 * The registry of a configuration. With SANDBOX_BANK=1 the sandbox bank serves the demo's
 * payment types, one flow each: card (redirect to the bank page), card-form (hidden form posted
 * to the bank), sbp (QR code), pushkin (the culture-card widget).
 */
export function buildPaymentRegistry(config: Pick<Config, 'sandboxBank' | 'sandboxBankSecret'>): PaymentRegistry {
  const registry = new PaymentRegistry()
  // Box-office payments (issue 19.1): always on; refunds of counter sales go back through it.
  registry.register(DESK_PROTOCOL, deskProvider)
  if (config.sandboxBank) {
    const sandbox = sandboxProviders(config.sandboxBankSecret)
    registry.register('card', sandbox.redirect)
    registry.register('card-form', sandbox.form)
    registry.register('sbp', sandbox.qr)
    registry.register('pushkin', sandbox.widget)
  }
  return registry
}
