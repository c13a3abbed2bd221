// @ts-check
/**
 * Whether a build is older than its sources, by modification time: `npm start` asks it of
 * dist/server (bin/server-bundle.mjs) and of dist/client (src/cli/start.ts). Plain JavaScript
 * without side effects, so the launcher uses it before anything compiles and the server bundle
 * carries it.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Newest modification time (ms) of a file or of any file under a folder; 0 when missing. */
export function newestMtime(target) {
  let stat
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}
