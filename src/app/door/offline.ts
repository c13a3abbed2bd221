/**
 * Makes /door installable and usable offline: the web app manifest, and the service worker
 * (public/door-sw.js) that keeps the app's files. Answers a cleanup for the effect.
 */
export function registerOffline(): () => void {
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = '/door.webmanifest'
  document.head.appendChild(link)
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker
      .register('/door-sw.js', { scope: '/door' })
      .then(() => keepLoadedFiles())
      .catch(() => undefined)
  }
  return () => link.remove()
}

/**
 * Hands the service worker every file of ours the page has loaded (the page itself, bundles,
 * styles, the decoder's .wasm): files loaded before the worker took control never passed through
 * it, and the first visit's app must work offline too. The worker fetches only what it lacks.
 */
export function keepLoadedFiles(): void {
  if (!('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready.then((reg) => {
    const files = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/'))
      .map((u) => u.pathname)
    reg.active?.postMessage({ type: 'keep', urls: ['/door', '/door.webmanifest', ...new Set(files)] })
  })
}
