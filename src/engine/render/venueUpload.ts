import { type RenderCommand, SEAT_COLUMNS, type SeatColumn, type SeatColumnArray, type ToRenderWorker } from './renderProtocol'

/**
 * Hands a venue's seat columns to the render worker in slices, one task each. Posting the venue
 * in one message copies every column in one call on the main thread: 46-130 ms at 1M seats on
 * this machine (structured clone of ~26 MB), a long task right after the data arrives. In slices
 * of UPLOAD_SLICE_BYTES the copying is spread over tasks of a few milliseconds, and each copy is
 * transferred (moved), not cloned again.
 */

/** Bytes copied per task: one 1M-seat float column, ~2-4 ms of memcpy (10-20 ms on a busy 2-core box). */
export const UPLOAD_SLICE_BYTES = 4 * 1024 * 1024

type VenueCommand = Extract<RenderCommand, { op: 'venue' }>
type Post = (m: ToRenderWorker, transfer: Transferable[]) => void

/**
 * Posts the seat columns of `cmd` as 'venuePart' messages, one slice per task, then calls `done`
 * with the command to send in their place (same venue, empty seat columns, `upload` set).
 * Returns a cancel function (the backend is being destroyed).
 */
export function uploadVenue(cmd: VenueCommand, upload: number, post: Post, done: (light: VenueCommand) => void): () => void {
  const seats = cmd.venue.seats
  const slices: { name: SeatColumn; offset: number; end: number }[] = []
  for (const name of SEAT_COLUMNS) {
    const col = seats[name]
    const step = Math.max(1, Math.floor(UPLOAD_SLICE_BYTES / col.BYTES_PER_ELEMENT))
    for (let offset = 0; offset < col.length; offset += step) slices.push({ name, offset, end: Math.min(col.length, offset + step) })
  }
  let next = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  const run = () => {
    timer = null
    if (next < slices.length) {
      const { name, offset, end } = slices[next++]
      const col = seats[name]
      const array = col.slice(offset, end) as SeatColumnArray
      post({ type: 'venuePart', upload, name, length: col.length, offset, array }, [array.buffer as ArrayBuffer])
      timer = setTimeout(run, 0)
      return
    }
    const empty = Object.fromEntries(SEAT_COLUMNS.map((n) => [n, seats[n].slice(0, 0)])) as Pick<VenueCommand['venue']['seats'], SeatColumn>
    done({ ...cmd, upload, venue: { ...cmd.venue, seats: { count: seats.count, ...empty } } })
  }
  // The first slice waits for a task of its own too: the caller is inside a frame.
  timer = setTimeout(run, 0)
  return () => {
    if (timer) clearTimeout(timer)
  }
}

/** The worker's side: collects the slices of each upload and puts the columns back into its venue command. */
export class VenueAssembler {
  private readonly uploads = new Map<number, Map<SeatColumn, SeatColumnArray>>()

  add(part: Extract<ToRenderWorker, { type: 'venuePart' }>): void {
    let cols = this.uploads.get(part.upload)
    if (!cols) this.uploads.set(part.upload, (cols = new Map()))
    let col = cols.get(part.name)
    if (!col) {
      const Ctor = part.array.constructor as new (length: number) => SeatColumnArray
      col = new Ctor(part.length)
      cols.set(part.name, col)
    }
    col.set(part.array as never, part.offset)
  }

  /** Fills the seat columns of a venue command that came by upload; other commands pass through. */
  complete(cmd: RenderCommand): RenderCommand {
    if (cmd.op !== 'venue' || cmd.upload === undefined) return cmd
    const cols = this.uploads.get(cmd.upload)
    this.uploads.delete(cmd.upload)
    // Older uploads that never completed (a venue replaced mid-way) are dropped too.
    for (const id of [...this.uploads.keys()]) if (id < cmd.upload) this.uploads.delete(id)
    const seats = { ...cmd.venue.seats }
    for (const name of SEAT_COLUMNS) {
      const col = cols?.get(name)
      if (col) (seats as Record<SeatColumn, SeatColumnArray>)[name] = col
    }
    return { ...cmd, venue: { ...cmd.venue, seats } }
  }
}
