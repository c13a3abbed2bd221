/** Row of compiled_venues (migration 2026_11_24_16_01_01): a drawing in the engine's binary form. */
export interface CompiledVenuesTable {
  drawing_id: number
  format_version: number
  /** The drawing's drawing_states.revision it was compiled from (migration 2026_11_24_16_c10_01). */
  revision: number
  /** Hex SHA-256 of `raw` (first 32 digits): the immutable URL's name and the ETag. */
  content_hash: string
  seat_count: number
  raw: Uint8Array
  gzip: Uint8Array
  brotli: Uint8Array
  created_at: number
}
