import type { FastifyInstance } from 'fastify'
import { archiveEvent, copyEvent, createEvent, eventDetail, listEvents, publishEvent, unarchiveEvent, updateEvent } from './catalogue/events'
import { copySimple, createSimple, importDrawing, references, setArchived, setVenueMapMeta, updateSimple, type ArchivableTable, type SimpleTable } from './catalogue/references'
import { copyOneSession, copyPrice, createPrice, createSessions, deletePrice, deleteSession, updatePrice, updateSession } from './catalogue/sessions'
import type { AdminHandlers } from './routes'
import { cancelSession } from './catalogue/session-cancel'
import { warmSessionVenues } from '../venues/warm'

const ok = { ok: true as const }
/** The request's `lang` selects the answer's language; it is no column. */
function columns<T extends object>(input: T): Omit<T, 'lang'> {
  const { lang: _lang, ...rest } = input as T & { lang?: unknown }
  return rest
}

/** Catalogue management and publishing (issue 17 item 2). */
export function catalogueHandlers(app: FastifyInstance): AdminHandlers {
  const db = app.db
  // Sessions put on a map version and published events start its compile in the background (venues/warm.ts).
  const warmSessions = (calendarIds: readonly number[]) => warmSessionVenues(db, app.log, { calendarIds })
  const simple = (table: SimpleTable) => ({
    create: async ({ input, actor }: { input: object; actor: Parameters<typeof createSimple>[1] }) => ({ id: await createSimple(db, actor, table, columns(input)) }),
    update: async ({ input, params, actor }: { input: object; params: { id: number }; actor: Parameters<typeof createSimple>[1] }) => {
      await updateSimple(db, actor, table, params.id, columns(input))
      return ok
    },
    copy: async ({ params, actor }: { params: { id: number }; actor: Parameters<typeof createSimple>[1] }) => ({ id: await copySimple(db, actor, table, params.id) }),
  })
  type ArchiveArgs = { params: { id: number }; actor: Parameters<typeof createSimple>[1] }
  const archiving = (table: ArchivableTable) => ({
    archive: async ({ params, actor }: ArchiveArgs) => {
      await setArchived(db, actor, table, params.id, true)
      return ok
    },
    unarchive: async ({ params, actor }: ArchiveArgs) => {
      await setArchived(db, actor, table, params.id, false)
      return ok
    },
  })
  const venues = simple('venues')
  const categories = simple('client_categories')
  const zones = simple('zones')
  const menus = simple('main_menus')
  const tags = simple('tags')
  const rules = simple('rules')
  const kinds = simple('menu_kinds')
  return {
    refs: async () => references(db),
    events: async ({ input }) => ({ events: await listEvents(db, input.archived === 1) }),
    event: async ({ params }) => eventDetail(db, params.id),
    eventCreate: async ({ input, actor }) => ({ id: await createEvent(db, actor, input) }),
    eventUpdate: async ({ input, params, actor }) => {
      return { ok: true as const, version: await updateEvent(db, actor, params.id, input) }
    },
    eventCopy: async ({ params, actor }) => {
      const id = await copyEvent(db, actor, params.id)
      warmSessionVenues(db, app.log, { eventId: id })
      return { id }
    },
    eventArchive: async ({ params, actor }) => {
      await archiveEvent(db, actor, params.id)
      return ok
    },
    eventUnarchive: async ({ params, actor }) => {
      await unarchiveEvent(db, actor, params.id)
      return ok
    },
    eventPublish: async ({ input, params, actor }) => {
      await publishEvent(db, actor, params.id, input.published)
      if (input.published) warmSessionVenues(db, app.log, { eventId: params.id })
      return ok
    },
    sessionCreate: async ({ input, params, actor }) => {
      const ids = await createSessions(db, actor, params.id, input)
      warmSessions(ids)
      return { ids }
    },
    sessionUpdate: async ({ input, params, actor }) => {
      // The answer stays `ok`: the notices a move queued are in the outbox (order care lists them per order).
      await updateSession(db, actor, params.id, input, { publicUrl: app.config.publicUrl })
      return ok
    },
    sessionCopy: async ({ params, actor }) => {
      const id = await copyOneSession(db, actor, params.id)
      warmSessions([id])
      return { id }
    },
    // Cancelled for good, its buyers refunded and told: a first few orders now, the rest by the leader (session-cancel.ts).
    sessionCancel: async ({ input, params, actor }) => cancelSession(app.sessionRefunds.deps, actor, params.id, input.confirm === true, app.sessionRefunds.kick),
    sessionDelete: async ({ params, actor }) => {
      await deleteSession(db, actor, params.id)
      return ok
    },
    priceCreate: async ({ input, params, actor }) => ({ id: await createPrice(db, actor, params.id, input) }),
    priceUpdate: async ({ input, params, actor }) => {
      await updatePrice(db, actor, params.id, input)
      return ok
    },
    priceCopy: async ({ params, actor }) => ({ id: await copyPrice(db, actor, params.id) }),
    priceDelete: async ({ params, actor }) => {
      await deletePrice(db, actor, params.id)
      return ok
    },
    venueCreate: venues.create,
    venueUpdate: venues.update,
    venueCopy: venues.copy,
    venueArchive: archiving('venues').archive,
    venueUnarchive: archiving('venues').unarchive,
    venueMapMeta: async ({ input, params, actor }) => {
      await setVenueMapMeta(db, actor, params.id, input)
      return ok
    },
    venueDrawing: async ({ input, params, actor }) => importDrawing(db, actor, params.id, input),
    categoryCreate: categories.create,
    categoryUpdate: categories.update,
    categoryCopy: categories.copy,
    categoryArchive: archiving('client_categories').archive,
    categoryUnarchive: archiving('client_categories').unarchive,
    zoneCreate: zones.create,
    zoneUpdate: zones.update,
    zoneCopy: zones.copy,
    zoneArchive: archiving('zones').archive,
    zoneUnarchive: archiving('zones').unarchive,
    menuCreate: menus.create,
    menuUpdate: menus.update,
    menuCopy: menus.copy,
    menuArchive: archiving('main_menus').archive,
    menuUnarchive: archiving('main_menus').unarchive,
    tagCreate: tags.create,
    tagUpdate: tags.update,
    tagCopy: tags.copy,
    tagArchive: archiving('tags').archive,
    tagUnarchive: archiving('tags').unarchive,
    ruleCreate: rules.create,
    kindCreate: kinds.create,
    kindUpdate: kinds.update,
    kindCopy: kinds.copy,
    kindArchive: archiving('menu_kinds').archive,
    kindUnarchive: archiving('menu_kinds').unarchive,
    ruleUpdate: rules.update,
    ruleCopy: rules.copy,
    ruleArchive: archiving('rules').archive,
    ruleUnarchive: archiving('rules').unarchive,
  }
}
