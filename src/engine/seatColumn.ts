/**
 * Writes one value, or one per index, into a per-seat column (statuses, zones): the engine's
 * model and the renderer's copy of it (a worker has its own) change the same way. Indexes out of
 * range are skipped, so a change that raced a venue switch writes nothing stray.
 */
export function writeSeatColumn(column: Uint8Array | Uint16Array | undefined, indices: ArrayLike<number>, values: ArrayLike<number> | number): void {
  if (!column) return
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]
    if (i >= 0 && i < column.length) column[i] = typeof values === 'number' ? values : values[k]
  }
}
