// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/** Imports the framework-free engine and the worker must never make. */
const ENGINE_FORBIDDEN = {
  paths: [
    { name: 'react', message: 'src/engine and src/workers are framework-free: no React.' },
    { name: 'react-dom', message: 'src/engine and src/workers are framework-free: no React.' },
    { name: 'zustand', message: 'Engine state never lives in a React store.' },
  ],
  patterns: [
    { group: ['react/*', 'react-dom/*', 'zustand/*'], message: 'src/engine and src/workers are framework-free.' },
    { group: ['**/app', '**/app/**', '**/src/app/**'], message: 'src/engine and src/workers must not import src/app.' },
  ],
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/workers/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', ENGINE_FORBIDDEN] },
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
