import earcut from 'earcut'

/**
 * Sector outlines as triangles, made where the venue is parsed (the worker, or Node), so the
 * main thread never triangulates: earcut on a 1M-seat stadium's ~12,700 outline points cost
 * ~70 ms of main thread in the load profile.
 *
 * Output: per polygon a slice [triangleStart, triangleStart + triangleLength) of `triangles`,
 * whose entries are point indices relative to the polygon's first point: 16 bits (0.13 bytes per
 * seat on the 1M-seat stadium, where the engine's memory budget is tight), or 32 when an outline
 * has more points than 16 bits address (rare hand-drawn polygons).
 */
/** Longest outline whose relative point indices fit 16 bits. */
export const MAX_16BIT_OUTLINE_POINTS = 65536

export interface OutlineTriangles {
  triangleStart: Uint32Array
  triangleLength: Uint32Array
  triangles: Uint16Array | Uint32Array
}

export function triangulateOutlines(points: Float32Array, starts: Uint32Array, lengths: Uint32Array): OutlineTriangles {
  const count = starts.length
  const triangleStart = new Uint32Array(count)
  const triangleLength = new Uint32Array(count)
  const out: number[] = []
  for (let s = 0; s < count; s++) {
    triangleStart[s] = out.length
    const n = lengths[s]
    if (n < 3) continue
    const first = starts[s]
    const tri = earcut(points.subarray(first * 2, (first + n) * 2) as unknown as number[])
    for (const t of tri) out.push(t)
    triangleLength[s] = tri.length
  }
  const wide = lengths.some((n) => n > MAX_16BIT_OUTLINE_POINTS)
  return { triangleStart, triangleLength, triangles: wide ? Uint32Array.from(out) : Uint16Array.from(out) }
}
