/**
 * Downloads the venue worker starts before it is asked to load (issue 16: the map's critical
 * path). The storefront's entry learns the compiled venue's and statuses' URLs from its early
 * calls (app/boot/earlyAnswers.ts) while the page is still loading its own code, and posts them
 * to the prestarted venue worker (spareWorker.ts), which fetches them at once; the later
 * `loadCompiled` of the same URLs takes those responses instead of fetching again. A URL asked
 * for differently, or never asked for, costs one unused response.
 */

/** The key of the plain message (not Comlink's) that carries the URLs to fetch. */
export const PREFETCH_MESSAGE = 'seatwisePrefetch'

/** The URLs of a prefetch message, or null when the message is something else. */
export function prefetchUrls(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null || !(PREFETCH_MESSAGE in data)) return null
  const urls = (data as Record<string, unknown>)[PREFETCH_MESSAGE]
  return Array.isArray(urls) && urls.every((u) => typeof u === 'string') ? urls : null
}

/**
 * A fetch that answers a prefetched URL's response once (the first request of that URL), and
 * fetches everything else (and a failed prefetch) as usual.
 */
export function prefetchingFetch(base: typeof fetch = fetch): { fetch: typeof fetch; prefetch(urls: readonly string[]): void } {
  const started = new Map<string, Promise<Response>>()
  return {
    prefetch(urls) {
      for (const url of urls) {
        if (started.has(url)) continue
        const response = base(url, { credentials: 'same-origin' })
        response.catch(() => {})
        started.set(url, response)
      }
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const early = started.get(url)
      started.delete(url)
      if (early !== undefined) {
        try {
          return await early
        } catch {
          // fetched again below
        }
      }
      return base(input, init)
    }) as typeof fetch,
  }
}
