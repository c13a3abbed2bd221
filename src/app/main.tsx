import './styles/base.css'
import './styles/shell.css'
import './styles/afisha.css'
import { loadInStages, yieldToBrowser } from './boot/stages'

/**
 * The entry: it loads the app in stages, each evaluated in a task of its own with a yield to the
 * browser between them, so no start-up task passes the 50 ms the storefront allows (issue 16).
 * One static entry evaluated the contract (zod schemas), React, the router and i18n in one
 * 80-140 ms task. Stages:
 * 1. zod's core, with the small language schema (contract/lang.ts);
 * 2-3. the contract's entity schemas, in two halves (boot/entitiesFirst.ts, entitiesSecond.ts);
 * 4. its calls, the API client and the session store (boot/contract.ts);
 * 5. React DOM and the router (boot/framework.ts);
 * 6. i18n, the shell and the routes (boot/mount.tsx);
 * then, after one more yield, the router and the first render, which React slices itself (a
 * transition).
 * The stages' chunks are preloaded from index.html (vite.config.ts, preloadBootStages), so
 * staging adds no network round trip.
 */
void loadInStages(
  [
    () => import('../contract/lang'),
    () => import('./boot/entitiesFirst'),
    () => import('./boot/entitiesSecond'),
    () => import('./boot/contract'),
    () => import('./boot/framework'),
  ],
  () => import('./boot/mount'),
).then(async ({ mount }) => {
  // mount() creates the router, which starts the route's lazy chunk (Vite's preload helper adds
  // its <link rel=modulepreload> tags) and renders: a task apart from the last stage's evaluation.
  await yieldToBrowser()
  mount()
})
