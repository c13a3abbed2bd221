/**
 * `npm run venue -- <command>`: venue drawing tools.
 *   generate --kind theatre|hall|arena|stadium --seats N [--seed S] [--out FILE]
 *   inspect FILE [--rules RULES.json] [--json]
 *   import …   (handled by the server's import command, src/server/cli/venue-import.ts)
 *   seed-big N [N…]   (generated N-seat stadiums on sale: src/server/cli/venue-seed-big.ts)
 * Errors print one line to stderr and exit with code 1; nothing is written on bad input.
 */
import { createWriteStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { once } from 'node:events'
import { generateVenueChunks, VENUE_KINDS, type VenueKind } from '../engine/generate/index'

const USAGE = `usage:
  npm run venue -- generate --kind ${VENUE_KINDS.join('|')} --seats N [--seed S] [--out FILE]
  npm run venue -- inspect FILE [--rules RULES.json] [--json]
  npm run venue -- import …
  npm run venue -- seed-big N [N…]`

/** Reads `--name value` flags and positional arguments. */
export function parseFlags(argv: string[]): { flags: Map<string, string>; positional: string[] } {
  const flags = new Map<string, string>()
  const positional: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1))
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags.set(arg.slice(2), argv[++i])
      else flags.set(arg.slice(2), 'true')
    } else positional.push(arg)
  }
  return { flags, positional }
}

async function generate(argv: string[]): Promise<void> {
  const { flags } = parseFlags(argv)
  const kind = flags.get('kind') as VenueKind | undefined
  if (!kind || !VENUE_KINDS.includes(kind)) throw new Error(`--kind must be one of ${VENUE_KINDS.join(', ')}`)
  const seats = Number(flags.get('seats'))
  const seed = flags.has('seed') ? Number(flags.get('seed')) : undefined
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error('--seed must be an integer')
  const chunks = generateVenueChunks({ kind, seats, seed })
  // Pull the first chunk before opening the file, so validation errors leave no file behind.
  const first = chunks.next()
  const out = flags.get('out')
  const stream = out ? createWriteStream(out) : process.stdout
  const write = async (chunk: string) => {
    if (!stream.write(chunk)) await once(stream, 'drain')
  }
  if (!first.done) await write(first.value)
  for (const chunk of chunks) await write(chunk)
  if (out) {
    stream.end()
    await once(stream, 'finish')
    process.stderr.write(`wrote ${kind} with ${seats} seats to ${out}\n`)
  }
}

async function inspect(argv: string[]): Promise<void> {
  const { flags, positional } = parseFlags(argv)
  const file = positional[0]
  if (!file) throw new Error('inspect needs a FILE')
  const { inspectVenue } = await import('../engine/parse/inspect')
  const { warningText } = await import('../engine/parse/warnings')
  const text = await readFile(file, 'utf8')
  const rules = flags.has('rules') ? JSON.parse(await readFile(flags.get('rules') as string, 'utf8')) : undefined
  const parsed = inspectVenue(text, rules)
  // Warnings in English as before (scripts read them), their codes and params beside them.
  const summary = {
    ...parsed,
    warnings: parsed.warnings.map(warningText),
    warningCodes: parsed.warnings,
    report: { ...parsed.report, warnings: parsed.report.warnings.map(warningText) },
  }
  if (flags.has('json')) process.stdout.write(`${JSON.stringify(summary)}\n`)
  else process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`)
}

async function seedBig(argv: string[]): Promise<void> {
  const modulePath = '../server/cli/venue-seed-big'
  const mod = (await import(/* @vite-ignore */ modulePath)) as { runSeedBig(argv: string[]): Promise<void> }
  await mod.runSeedBig(argv)
}

async function importVenue(argv: string[]): Promise<void> {
  const modulePath = '../server/cli/venue-import'
  const mod = (await import(/* @vite-ignore */ modulePath)) as { runVenueImport(argv: string[]): Promise<void> | void }
  await mod.runVenueImport(argv)
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  switch (command) {
    case 'generate':
      return generate(rest)
    case 'inspect':
      return inspect(rest)
    case 'import':
      return importVenue(rest)
    case 'seed-big':
      return seedBig(rest)
    default:
      throw new Error(command ? `unknown command "${command}"\n${USAGE}` : USAGE)
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
