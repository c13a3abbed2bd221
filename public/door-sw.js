/* global self, caches, fetch, URL, Response */
/*
 * The door check-in app's service worker (scope /door): the app opens and scans with no network.
 * - Pages under /door: the network first (a deploy is picked up at once), the kept copy offline.
 * - Our other files (hashed bundles, the decoder's .wasm, the manifest): kept on first use.
 * - /api: never here; the app decides offline on its own synced list and queues scans.
 */
const CACHE = 'seatwise-door-v1'

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key)
    await self.clients.claim()
  })())
})

// The page hands over the files it loaded before this worker controlled it.
self.addEventListener('message', (event) => {
  const data = event.data
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE)
    for (const url of data.urls) {
      if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('/api/')) continue
      if (!(await cache.match(url))) await cache.add(url).catch(() => undefined)
    }
  })())
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    event.respondWith((async () => {
      try {
        const fresh = await fetch(request)
        if (fresh.ok) (await caches.open(CACHE)).put('/door', fresh.clone())
        return fresh
      } catch {
        return (await caches.match('/door')) || Response.error()
      }
    })())
    return
  }
  event.respondWith((async () => {
    const kept = await caches.match(request)
    if (kept) return kept
    const fresh = await fetch(request)
    if (fresh.ok) (await caches.open(CACHE)).put(request, fresh.clone())
    return fresh
  })())
})
