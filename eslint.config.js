// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/** Imports the framework-free engine (and any worker entry) must never make. */
const FRAMEWORK = {
  paths: [
    { name: 'react', message: 'src/engine is framework-free: no React.' },
    { name: 'react-dom', message: 'src/engine is framework-free: no React.' },
    { name: 'zustand', message: 'Engine state never lives in a React store.' },
  ],
  patterns: [
    { group: ['react/*', 'react-dom/*', 'zustand/*'], message: 'src/engine is framework-free.' },
    { group: ['**/app', '**/app/**', '**/src/app/**'], message: 'src/engine must not import src/app.' },
    { group: ['**/contract', '**/contract/**'], message: 'The engine knows no contract: the app maps server data to engine terms (src/app/screens/scheme/map/seatStatus.ts).' },
    { group: ['**/workers/**'], message: 'Nothing imports upward into src/workers: a worker entry lives beside the part that owns it.' },
  ],
}
const NO_PIXI = { group: ['pixi.js', 'pixi.js/*'], message: 'Only the render scene (src/engine/render) imports Pixi.' }
/**
 * The DOM-free venue core, used by the server, the CLI and workers: model, parse, geometry,
 * strings, spatial (with the hit-test), the generator and the parse worker's API. It imports no
 * DOM, no Pixi, no contract and nothing of the browser seat map.
 */
const CORE_FILES = [
  'src/engine/model.ts', 'src/engine/parse/**/*.ts', 'src/engine/geometry/**/*.ts', 'src/engine/strings/**/*.ts',
  'src/engine/spatial/**/*.ts', 'src/engine/generate/**/*.ts', 'src/engine/venueParser/workerApi.ts',
]
const BROWSER_PART = ['**/camera/**', '**/input/**', '**/interaction/**', '**/lod/**', '**/render/**', '**/scheduling/**', '**/SeatMapEngine', '**/LoadedVenue', '**/engineTypes', '**/venueParser/client']
const DOM_GLOBALS = ['window', 'document', 'navigator', 'location', 'HTMLElement', 'HTMLCanvasElement', 'OffscreenCanvas', 'requestAnimationFrame', 'Worker', 'DOMParser']
  .map((name) => ({ name, message: 'The venue core is DOM-free (it runs in Node and in workers).' }))

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // bin/: plain JavaScript run by Node before anything compiles TypeScript (npm start).
  { files: ['bin/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/workers/**/*.ts'],
    ignores: ['src/engine/render/**'],
    rules: { 'no-restricted-imports': ['error', { ...FRAMEWORK, patterns: [...FRAMEWORK.patterns, NO_PIXI] }] },
  },
  {
    files: ['src/engine/render/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', FRAMEWORK] },
  },
  {
    files: CORE_FILES,
    rules: {
      'no-restricted-imports': ['error', { ...FRAMEWORK, patterns: [...FRAMEWORK.patterns, NO_PIXI, { group: BROWSER_PART, message: 'The venue core imports nothing of the browser seat map.' }] }],
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/app', '**/app/**', '**/src/app/**', '!./app'], message: 'The server must not import the React app (src/app).' }],
      }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
)
