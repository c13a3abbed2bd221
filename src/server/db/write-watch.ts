import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'

/**
 * Counts this process's writes to the tables the per-process caches copy (process-cache.ts): any
 * insert, update or delete of one of them through the query builder, on any connection of this
 * process, moves the count, and a cache entry read before the move is not served after it. So a
 * write of this process (an operator's edit, a test's) is seen by the next request,
 * and only other processes' writes wait for the cache's time to live. Raw `sql` writes are not
 * seen: the only one on these tables is SQLite's claim lock (inventory/stock.repository.ts
 * lockCalendars), an update that changes nothing. Costs a look at the root node of each query.
 */
export const WATCHED_TABLES = new Set([
  'calendars', 'events', 'prices', 'waiting_rooms',
  // The order form's agreements and the settings (events/checkboxes-cached.ts, settings/cached.ts).
  'checkbox_lists', 'settings',
  // The listing's catalogue (catalog/listing-rows.ts): written only by operators, never in a rush.
  'menu_kinds', 'main_menus', 'sub_menus', 'tags', 'event_menus', 'event_tags', 'images', 'venues', 'compositions', 'zones', 'client_categories',
])

let writes = 0

/** The count of watched writes so far in this process. */
export function watchedWrites(): number {
  return writes
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined
  const n = node as { kind: string; table?: { identifier?: { name?: string } }; node?: OperationNode }
  if (n.kind === 'TableNode') return n.table?.identifier?.name
  if (n.kind === 'AliasNode') return tableName(n.node)
  return undefined
}

function writesWatched(node: RootOperationNode): boolean {
  const n = node as { kind: string; table?: OperationNode; into?: OperationNode; from?: { froms: readonly OperationNode[] } }
  const names = n.kind === 'UpdateQueryNode' ? [tableName(n.table)] : n.kind === 'InsertQueryNode' ? [tableName(n.into)] : n.kind === 'DeleteQueryNode' ? (n.from?.froms ?? []).map(tableName) : []
  return names.some((t) => t !== undefined && WATCHED_TABLES.has(t))
}

export class WriteWatchPlugin implements KyselyPlugin {
  private readonly pending = new WeakSet<object>()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // Counted before the write (a read starting now may already see it) and again after it.
    if (writesWatched(args.node)) {
      writes++
      this.pending.add(args.queryId)
    }
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) writes++
    return args.result
  }
}
