import type * as T from './tables'

/** The Kysely database interface: table name → row type (see tables.ts and the migrations). */
export interface Database {
  settings: T.SettingsTable
  languages: T.LanguagesTable
  rules: T.RulesTable
  menu_kinds: T.MenuKindsTable
  main_menus: T.MainMenusTable
  sub_menus: T.SubMenusTable
  images: T.ImagesTable
  venues: T.VenuesTable
  events: T.EventsTable
  event_menus: T.EventMenusTable
  tags: T.TagsTable
  event_tags: T.EventTagsTable
  compositions: T.CompositionsTable
  crm_clients: T.CrmClientsTable
  crm_subscriptions: T.CrmSubscriptionsTable
  sessions: T.SessionsTable
  countries: T.CountriesTable
  regions: T.RegionsTable
  document_types: T.DocumentTypesTable
  checkbox_lists: T.CheckboxListsTable
  captchas: T.CaptchasTable
  mail_outbox: T.MailOutboxTable
  venue_drawings: T.VenueDrawingsTable
  /** Draft state of map versions (migration 2026_11_24_17_d9_01, admin/studio/version.repository.ts). */
  drawing_states: T.DrawingStatesTable
  /** Studio copies of a version in progress (migration 2026_11_24_17_a10_01, admin/studio/copy-job.ts). */
  drawing_copies: T.DrawingCopiesTable
  zones: T.ZonesTable
  sectors: T.SectorsTable
  seats: T.SeatsTable
  accessible_releases: T.AccessibleReleasesTable
  standing_places: T.StandingPlacesTable
  client_categories: T.ClientCategoriesTable
  calendars: T.CalendarsTable
  prices: T.PricesTable
  carts: T.CartsTable
  orders: T.OrdersTable
  order_lines: T.OrderLinesTable
  seat_holds: T.SeatHoldsTable
  standing_holds: T.StandingHoldsTable
  services: T.ServicesTable
  order_services: T.OrderServicesTable
  loyalty_cards: T.LoyaltyCardsTable
  bonus_transactions: T.BonusTransactionsTable
  promo_codes: T.PromoCodesTable
  order_discounts: T.OrderDiscountsTable
  payment_types: T.PaymentTypesTable
  payments: T.PaymentsTable
  payment_callbacks: T.PaymentCallbacksTable
  return_reasons: T.ReturnReasonsTable
  return_requests: T.ReturnRequestsTable
  return_request_lines: T.ReturnRequestLinesTable
  refunds: T.RefundsTable
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
