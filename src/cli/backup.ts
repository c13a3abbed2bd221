/** `npm run backup -- FILE` (see src/server/cli/backup.ts). */
import { runBackupCli } from '../server/cli/backup'

runBackupCli(process.argv.slice(2)).then(
  (line) => console.log(line),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err))
    process.exitCode = 1
  },
)
