import './styles/base.css'
import './styles/shell.css'
import './styles/afisha.css'
import { loadInStages, yieldToBrowser } from './boot/stages'
import { prestartSeatMapOnSchemePage } from './seatmap/prestart'

/**
 * The entry: it loads the app in stages, each evaluated in a task of its own with a yield to the
 * browser between them, so no start-up task passes the 50 ms the storefront allows (issue 16).
 * One static entry evaluated the contract (zod schemas), React, the router and i18n in one
 * 80-140 ms task. Stages:
 * 1. zod's core, its schema classes (boot/zodCore.ts);
 * 2. zod's classic API, with the small language schema (contract/lang.ts): with the core in one
 *    task they were the longest boot stage (160-230 ms of CPU at the phone profile's 4x);
 * 3-6. the contract's entity schemas, in four parts (boot/entitiesFirst.ts … entitiesFourth.ts);
 * 7. its calls, the API client and the session store (boot/contract.ts);
 * 8. React DOM and the router (boot/framework.ts);
 * 9. i18n, the shell and the routes (boot/mount.tsx);
 * then, a yield apart each, i18n, the router, and the first render, which React slices itself
 * (a transition).
 * The stages' chunks are preloaded from index.html (vite.config.ts, preloadBootStages), so
 * staging adds no network round trip.
 */
prestartSeatMapOnSchemePage(window.location)
void loadInStages(
  [
    () => import('./boot/zodCore'),
    () => import('../contract/lang'),
    () => import('./boot/entitiesFirst'),
    () => import('./boot/entitiesSecond'),
    () => import('./boot/entitiesThird'),
    () => import('./boot/entitiesFourth'),
    () => import('./boot/contract'),
    () => import('./boot/framework'),
  ],
  () => import('./boot/mount'),
).then(async ({ prepare, createRouter, mount }) => {
  // prepare() builds i18n; createRouter() creates the router, which starts the route's lazy
  // chunk (Vite's preload helper adds its <link rel=modulepreload> tags); mount() renders: each a
  // task apart from the last stage's evaluation and from each other.
  await yieldToBrowser()
  const i18n = prepare()
  await yieldToBrowser()
  const router = createRouter()
  await yieldToBrowser()
  mount(i18n, router)
})
