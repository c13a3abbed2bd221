/** `npm run admin -- create-owner --email … --password …` or `--password-stdin` (see src/server/admin/cli.ts). */
import { runAdminCli } from '../server/admin/cli'

runAdminCli(process.argv.slice(2)).then(
  (line) => console.log(line),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err))
    process.exitCode = 1
  },
)
