/**
 * Makes /door installable and usable offline: the web app manifest, and the service worker
 * (public/door-sw.js) that keeps the app's files. Files the page loaded before the worker took
 * control are handed to it by URL, so even the first visit's app works offline afterwards.
 * Answers a cleanup for the effect.
 */
export function registerOffline(): () => void {
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = '/door.webmanifest'
  document.head.appendChild(link)
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker
      .register('/door-sw.js', { scope: '/door' })
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => {
        const files = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/'))
          .map((u) => u.pathname)
        reg.active?.postMessage({ type: 'keep', urls: ['/door', ...new Set(files)] })
      })
      .catch(() => undefined)
  }
  return () => link.remove()
}
