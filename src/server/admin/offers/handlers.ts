import type { FastifyInstance } from 'fastify'
import { uploadShopLogo } from '../media/logo'
import { uploadEventImage } from '../media/upload'
import type { AdminHandlers } from '../routes'
import * as s from './service'

const ok = { ok: true as const }

/** Handlers of contract/admin/offers-calls.ts: compositions, offers, promo codes, agreements, loyalty, setup. */
export function offerHandlers(app: FastifyInstance): AdminHandlers {
  const db = app.db
  return {
    extras: async () => s.extras(db),
    compositionCreate: async ({ input, params, actor }) => ({ id: await s.createComposition(db, actor, params.id, input) }),
    compositionUpdate: async ({ input, params, actor }) => (await s.updateComposition(db, actor, params.id, input), ok),
    compositionDelete: async ({ params, actor }) => (await s.deleteComposition(db, actor, params.id), ok),
    offerCreate: async ({ input, actor }) => ({ id: await s.createOffer(db, actor, input) }),
    offerUpdate: async ({ input, params, actor }) => (await s.updateOffer(db, actor, params.id, input), ok),
    offerCopy: async ({ params, actor }) => ({ id: await s.copyOffer(db, actor, params.id) }),
    offerArchive: async ({ params, actor }) => (await s.archiveOffer(db, actor, params.id), ok),
    promoCreate: async ({ input, actor }) => ({ id: await s.createPromo(db, actor, input) }),
    promoUpdate: async ({ input, params, actor }) => (await s.updatePromo(db, actor, params.id, input), ok),
    promoCopy: async ({ input, params, actor }) => ({ id: await s.copyPromo(db, actor, params.id, input.code) }),
    promoArchive: async ({ params, actor }) => (await s.archivePromo(db, actor, params.id), ok),
    agreementCreate: async ({ input, actor }) => ({ id: await s.createAgreement(db, actor, input) }),
    agreementUpdate: async ({ input, params, actor }) => (await s.updateAgreement(db, actor, params.id, input), ok),
    agreementDelete: async ({ params, actor }) => (await s.deleteAgreement(db, actor, params.id), ok),
    loyaltyUpdate: async ({ input, actor }) => (await s.updateLoyalty(db, actor, input), ok),
    loyaltyCardFind: async ({ input }) => s.findLoyaltyCard(db, input.code),
    loyaltyCardBlock: async ({ input, params, actor }) => (await s.blockLoyaltyCard(db, actor, params.id, input.blocked), ok),
    eventImage: async ({ input, params, actor }) => uploadEventImage(db, actor, params.id, input),
    setupLogo: async ({ input, actor }) => uploadShopLogo(db, actor, input),
    setup: async () => s.setupForm(db),
    setupUpdate: async ({ input, actor }) => ({ ...ok, version: await s.updateShell(db, actor, input) }),
  }
}
