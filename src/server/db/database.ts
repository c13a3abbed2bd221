import type { ImagesTable, LanguagesTable, MainMenusTable, MenuKindsTable, RulesTable, SettingsTable, SetupStateTable, SubMenusTable } from './site.table'
import type { AccessibleReleasesTable, CalendarsTable, ClientCategoriesTable, CompositionsTable, EventMenusTable, EventTagsTable, EventsTable, PricesTable, TagsTable, VenuesTable } from './events.table'
import type { CaptchasTable, CheckboxListsTable, CountriesTable, CrmClientsTable, CrmSubscriptionsTable, DocumentTypesTable, RegionsTable, SessionsTable } from './visitors.table'
import type { MailOutboxTable } from './mail-outbox.table'
import type { DrawingCopiesTable, DrawingStatesTable, SeatsTable, SectorsTable, StandingPlacesTable, VenueDrawingsTable, ZonesTable } from './drawings.table'
import type { CartsTable, OrderLinesTable, OrdersTable, SeatHoldsTable, StandingHoldsTable } from './orders.table'
import type { BonusTransactionsTable, LoyaltyCardsTable, OrderDiscountsTable, OrderServicesTable, PromoCodesTable, ServicesTable } from './offers.table'
import type { PaymentCallbacksTable, PaymentTypesTable, PaymentsTable } from './payments.table'
import type { RefundsTable, ReturnReasonsTable, ReturnRequestLinesTable, ReturnRequestsTable } from './returns.table'

/** The Kysely database interface: table name → row type (see the *.table.ts files beside it, and the migrations). */
export interface Database {
  settings: SettingsTable
  /** The stored setup's version (migration 2026_12_06_23_sv1_01, domain/settings/repository.ts bumpSetupVersion). */
  setup_state: SetupStateTable
  languages: LanguagesTable
  rules: RulesTable
  menu_kinds: MenuKindsTable
  main_menus: MainMenusTable
  sub_menus: SubMenusTable
  images: ImagesTable
  venues: VenuesTable
  events: EventsTable
  event_menus: EventMenusTable
  tags: TagsTable
  event_tags: EventTagsTable
  compositions: CompositionsTable
  crm_clients: CrmClientsTable
  crm_subscriptions: CrmSubscriptionsTable
  sessions: SessionsTable
  countries: CountriesTable
  regions: RegionsTable
  document_types: DocumentTypesTable
  checkbox_lists: CheckboxListsTable
  captchas: CaptchasTable
  mail_outbox: MailOutboxTable
  venue_drawings: VenueDrawingsTable
  /** Draft state of map versions (migration 2026_11_24_17_d9_01, admin/studio/version.repository.ts). */
  drawing_states: DrawingStatesTable
  /** Studio copies of a version in progress (migration 2026_11_24_17_a10_01, admin/studio/copy-job.ts). */
  drawing_copies: DrawingCopiesTable
  zones: ZonesTable
  sectors: SectorsTable
  seats: SeatsTable
  accessible_releases: AccessibleReleasesTable
  standing_places: StandingPlacesTable
  client_categories: ClientCategoriesTable
  calendars: CalendarsTable
  prices: PricesTable
  carts: CartsTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  seat_holds: SeatHoldsTable
  standing_holds: StandingHoldsTable
  services: ServicesTable
  order_services: OrderServicesTable
  loyalty_cards: LoyaltyCardsTable
  bonus_transactions: BonusTransactionsTable
  promo_codes: PromoCodesTable
  order_discounts: OrderDiscountsTable
  payment_types: PaymentTypesTable
  payments: PaymentsTable
  payment_callbacks: PaymentCallbacksTable
  return_reasons: ReturnReasonsTable
  return_requests: ReturnRequestsTable
  return_request_lines: ReturnRequestLinesTable
  refunds: RefundsTable
  /** Refunds on their way to the payment's provider (migration 2026_12_02_19_ro1_01, payments/refund-outbox.ts). */
  refund_outbox: import('./refund-outbox.table').RefundOutboxTable
  /** Seat-status change log of the live map (migration 2026_11_22_00_00_01, domain/live). */
  seat_changes: import('./seat-changes.table').SeatChangesTable
  /** Per-event return deadlines (migration 2026_11_22_02_00_01, domain/returns). */
  event_return_rules: import('./return-rules.table').EventReturnRulesTable
  /** Door scans (migration 2026_11_24_19_01_01, domain/redemption). */
  ticket_redemptions: import('./redemptions.table').TicketRedemptionsTable
  /** Check-in lists (gates) of a session (migration 2026_11_24_19_01_02, domain/redemption). */
  checkin_lists: import('./redemptions.table').CheckinListsTable
  /** Drawings compiled for the storefront's map (migration 2026_11_24_16_01_01, server/venues/compiled.ts). */
  compiled_venues: import('./compiled-venues.table').CompiledVenuesTable
  /** Operator console access (migration 2026_11_24_17_01_01, server/admin). */
  operators: import('./admin.table').OperatorsTable
  operator_sessions: import('./admin.table').OperatorSessionsTable
  api_tokens: import('./admin.table').ApiTokensTable
  audit_log: import('./admin.table').AuditLogTable
  operator_sign_in_addresses: import('./admin.table').OperatorSignInAddressesTable
  operator_sign_in_emails: import('./admin.table').OperatorSignInEmailsTable
  /** Background-work leases and shared per-address counters (issue 18, cluster.table.ts). */
  job_leases: import('./cluster.table').JobLeasesTable
  guard_counters: import('./cluster.table').GuardCountersTable
  waiting_rooms: import('./cluster.table').WaitingRoomsTable
  waiting_visitors: import('./cluster.table').WaitingVisitorsTable
  /** Box-office sales and tickets changed after sale (migration 2026_11_24_19_b1_01, issue 19). */
  box_office_sales: import('./box-office.table').BoxOfficeSalesTable
  order_line_changes: import('./box-office.table').OrderLineChangesTable
}
