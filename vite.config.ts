import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * One config for the client build (vite build → dist/client) and for the three test projects.
 * Test projects are split so `npm test` can run them in order and report each separately:
 * unit (pure code, fast), integration (real server + real databases), e2e (Debian Chromium).
 */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react()],
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
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and database; two cores, so keep it serial.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
