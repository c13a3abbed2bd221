import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './source-files'

/**
 * A zustand selector must answer the same value while its store is unchanged: zustand 5 reads it
 * through useSyncExternalStore, which takes a fresh array or object on every call for a store that
 * never settles and re-renders until React gives up (#185, "Maximum update depth exceeded"). The
 * scheme page fell to the error screen that way (`s.setup?.db.rules ?? []` while setup was on its
 * way; state/session.ts useSetupRules). This finds the shapes that make a fresh value inside a
 * selector passed to one of the app's stores (`useX((s) => …)`): a literal `[]`/`{}` fallback, an
 * object or array literal, or a .map/.filter/.slice/.concat. Read such values with a constant
 * fallback, a memo outside the selector, or zustand's useShallow.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const APP = path.join(ROOT, 'src/app')
/** A fresh value made inside the selector's body. */
const FRESH = /\?\?\s*(\[\s*\]|\{\s*\})|=>\s*\(?\s*[[{]|\.(map|filter|slice|concat)\(/

/** The hooks zustand's create() made in src/app (useSession, useCart, useModal…). */
function storeHooks(files: string[]): string[] {
  const hooks = new Set<string>()
  for (const file of files) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/export const (use\w+)\s*=\s*create\b/g)) hooks.add(m[1])
  }
  return [...hooks]
}

/** Each one-line selector `useX((s) => body)` of these hooks, with its file and line. */
function selectors(files: string[], hooks: string[]): { where: string; body: string }[] {
  const call = new RegExp(`\\b(?:${hooks.join('|')})\\(\\(?\\s*\\w+\\s*\\)?\\s*=>(.*)$`)
  const out: { where: string; body: string }[] = []
  for (const file of files) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      const m = call.exec(line)
      if (m) out.push({ where: `${path.relative(ROOT, file)}:${i + 1}`, body: `=>${m[1]}` })
    })
  }
  return out
}

describe('zustand selectors', () => {
  const files = sourceFiles(APP)
  const hooks = storeHooks(files)

  it('finds the app stores and their selectors', () => {
    expect(hooks).toEqual(expect.arrayContaining(['useSession', 'useCart', 'useModal']))
    expect(selectors(files, hooks).length).toBeGreaterThan(50)
  })

  it('never make a fresh array or object (which re-renders until React gives up)', () => {
    const fresh = selectors(files, hooks).filter((s) => FRESH.test(s.body)).map((s) => `${s.where}: ${s.body.trim()}`)
    expect(fresh).toEqual([])
  })

  it('would catch the selector that broke the scheme page', () => {
    expect(FRESH.test('=> s.setup?.db.rules ?? [])')).toBe(true)
    expect(FRESH.test('=> ({ a: s.a }))')).toBe(true)
    expect(FRESH.test('=> s.items.filter((i) => i.on))')).toBe(true)
    expect(FRESH.test('=> s.setup?.db.rules ?? NO_RULES)')).toBe(false)
    expect(FRESH.test('=> s.lang)')).toBe(false)
  })
})
