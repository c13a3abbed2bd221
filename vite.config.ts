import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { SCHEME_CHUNKS_META } from './src/app/boot/routeChunks'
import { filesIn, precompressFiles } from './src/server/plugins/precompress'

/**
 * One config for the client build (vite build → dist/client) and for the three test projects.
 * Test projects are split so `npm test` can run them in order and report each separately:
 * unit (pure code, fast), integration (real server + real databases), e2e (Debian Chromium).
 */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080'
/** Integration test files run at once (vitest maxWorkers): two, the cores of the CI box. */
const INTEGRATION_WORKERS = 2
/** e2e test files run at once: two as well; Chromium on SwiftShader makes more only contend for the cores. */
const E2E_WORKERS = 2
/**
 * How long an e2e expect.poll waits by default (vitest's own default is 1 s). Most of the suite's
 * 360 polls wait for a server answer and the render after it; on the 2-core CI box with two files
 * at once (load 10-16) that took over a second at times, and a poll failed on a state that came a
 * moment later (admin-extras' second save, 12f2947f; waiting-room's released workers). A poll
 * returns as soon as it matches, so a passing run is no slower; only a failure takes longer to say so.
 */
const E2E_POLL_TIMEOUT_MS = 10_000

/** The app's boot stages (src/app/main.tsx imports them one after the other). */
const BOOT_STAGE = /\/src\/app\/boot\/[^/]+$/

/**
 * Adds `<link rel="modulepreload">` to the page for the chunks of the entry's boot stages and
 * everything they import. The entry imports the stages dynamically (so each evaluates in its own
 * task); Vite preloads only an entry's static imports from the HTML, and would otherwise ask for
 * each stage's chunks only when the one before has run: one network round trip more per stage
 * (150 ms each on the phone profile).
 */
function preloadBootStages(): Plugin {
  return {
    name: 'seatwise-preload-boot-stages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx
        if (!bundle || !entry) return []
        const files = new Set<string>()
        const visit = (name: string) => {
          const chunk = bundle[name]
          if (files.has(name) || chunk?.type !== 'chunk') return
          files.add(name)
          for (const dep of chunk.imports) visit(dep)
        }
        for (const name of entry.dynamicImports) {
          const chunk = bundle[name]
          if (chunk?.type === 'chunk' && chunk.moduleIds.some((id) => BOOT_STAGE.test(id))) visit(name)
        }
        // The entry's own static imports are preloaded by Vite already.
        return [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }))
      },
    },
  }
}

/** The modules of the scheme route's lazy chunks (routes.tsx: the phone library, then the screen). */
const SCHEME_ROUTE_MODULES = [/\/src\/app\/forms\/phone\.ts$/, /\/src\/app\/screens\/scheme\/SchemePage\.tsx$/]

/**
 * Lists in index.html (a meta tag, src/app/boot/routeChunks.ts) the scheme route's lazy chunks
 * and everything they import, CSS included, that the page does not load already: on a scheme URL
 * the entry preloads them with the boot stages instead of two round trips after them (issue 16).
 * The listing route ignores the tag: its bundle does not change.
 */
function listRouteChunks(): Plugin {
  return {
    name: 'seatwise-list-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle } = ctx
        if (!bundle || !html.includes('id="root"')) return []
        const files = new Set<string>()
        const visit = (name: string) => {
          const chunk = bundle[name]
          if (files.has(name) || chunk?.type !== 'chunk') return
          files.add(name)
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
          for (const dep of chunk.imports) visit(dep)
        }
        for (const [name, chunk] of Object.entries(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && SCHEME_ROUTE_MODULES.some((m) => m.test(chunk.facadeModuleId!))) visit(name)
        }
        const listed = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `/${file}`)
        return [{ tag: 'meta', attrs: { name: SCHEME_CHUNKS_META, content: listed.join(' ') }, injectTo: 'head' as const }]
      },
    },
  }
}

/**
 * Writes `.br` and `.gz` copies of the built assets (src/server/plugins/precompress.ts), which
 * the server sends instead of compressing each response (issue 16). Workers' bundles are emitted
 * into the same assets folder, so they are covered too.
 */
function precompressAssets(): Plugin {
  return {
    name: 'seatwise-precompress-assets',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompressFiles(await filesIn(options.dir, 'assets'))
    },
  }
}

export default defineConfig({
  plugins: [react(), preloadBootStages(), listRouteChunks(), precompressAssets()],
  root: '.',
  resolve: {
    alias: [
      // pixi.js probes the browser with throwaway canvases (a 2D blend-mode test at import time,
      // a WebGL context for shader precision): 100-340 ms each on software GL, for answers the
      // map knows. See the shims' comments.
      { find: /^\.\/canUseNewCanvasBlendModes\.mjs$/, replacement: fileURLToPath(new URL('./src/engine/render/pixiShims/canUseNewCanvasBlendModes.ts', import.meta.url)) },
      { find: /^\.\/(?:program\/)?getMaxFragmentPrecision\.mjs$/, replacement: fileURLToPath(new URL('./src/engine/render/pixiShims/getMaxFragmentPrecision.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written but not referenced by the bundles; the server refuses them in
    // production (plugins/client.ts), so they help debugging without publishing the sources.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      // The seat-map lab (lab/seatmap.html) ships beside the app for e2e tests and benchmarks.
      input: { main: 'index.html', seatmap: 'lab/seatmap.html' },
    },
  },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': API_TARGET, '/media': API_TARGET, '/sandbox-bank': API_TARGET, '/payment': API_TARGET },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and databases (a temp SQLite file, its own PostgreSQL
          // database and Redis prefix, random ports), so two files may run at once. Much of a file's
          // time is waiting (timers, lock timeouts, a cluster starting), so two at once on a 2-core
          // box took the project from 1,291 s (serial, in a CI run with other work on the box) to 678 s
          // (2026-12-05, all 177 files passing, twice). More than two only adds CPU contention to
          // timing-sensitive files. A project of its own worker count needs its own group (vitest
          // refuses two in one group), so `vitest run` of every project runs unit, then this, then e2e.
          maxWorkers: INTEGRATION_WORKERS,
          // One module graph per worker, not one per file: a fresh graph cost each file ~1.7 s of
          // imports (the server, Fastify, Kysely, the contract), 298 s of the project's 769 s in a
          // quiet fresh-clone CI (2026-12-06); without it the project took 472 s, all 180 files
          // passing. Safe because what the server keeps in module scope is kept per database handle
          // (ProcessCache, the seating and drawing caches: WeakMaps by Db), and no test file
          // changes process.env, globals or timers (checked with grep when this was set).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: E2E_POLL_TIMEOUT_MS } },
          // Two files at once, one module graph per worker (as integration): each file has its own
          // server and database, and its own browser contexts in the worker's one Chromium
          // (e2e/support/app.ts), and a file waits on its pages much of the time, so the
          // second fills the cores the first leaves idle. On the 2-core box the project took 1,022 s
          // one file at a time (fresh-clone CI, 2026-12-06) and 730 s this way the same hour.
          maxWorkers: E2E_WORKERS,
          isolate: false,
        },
      },
    ],
  },
})
