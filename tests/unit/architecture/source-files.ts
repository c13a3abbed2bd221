import fs from 'node:fs'
import path from 'node:path'

/** The .ts and .tsx files under a folder, at any depth (the architecture checks read them as text). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(p))
    else if (/\.tsx?$/.test(entry.name)) out.push(p)
  }
  return out
}
