import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'

/** Counts the statements a Kysely instance sends (a plugin: the queries still run for real). Use with `db.withPlugin(count)`. */
export class StatementCount implements KyselyPlugin {
  n = 0
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.n++
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}
