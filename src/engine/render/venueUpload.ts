import { GEOMETRY_COLUMNS, type RenderCommand, SEAT_COLUMNS, type SeatColumn, type SeatColumnArray, type ToRenderWorker } from './renderProtocol'

/**
 * Hands a venue's seat columns to the render worker in slices, one task each. Posting the venue
 * in one message copies every column in one call on the main thread: 46-130 ms at 1M seats on
 * this machine (structured clone of ~26 MB), a long task right after the data arrives. In slices
 * of UPLOAD_SLICE_BYTES the copying is spread over tasks of a few milliseconds, and each copy is
 * transferred (moved), not cloned again.
 */

/** Bytes copied per task: one 1M-seat float column, ~2-4 ms of memcpy (10-20 ms on a busy 2-core box). */
export const UPLOAD_SLICE_BYTES = 4 * 1024 * 1024

/** The commands that carry seat columns: a venue, or its geometry sent again. */
export type ColumnsCommand = Extract<RenderCommand, { op: 'venue' | 'seatGeometry' }>
type Post = (m: ToRenderWorker, transfer: Transferable[]) => void

const columnsOf = (cmd: ColumnsCommand) => (cmd.op === 'venue' ? { seats: cmd.venue.seats as Partial<Record<SeatColumn, SeatColumnArray>>, names: SEAT_COLUMNS } : { seats: cmd.seats as Partial<Record<SeatColumn, SeatColumnArray>>, names: GEOMETRY_COLUMNS })

/** Seats in a command's columns (a venue's count; a geometry command's x column). */
export const columnsLength = (cmd: ColumnsCommand): number => (cmd.op === 'venue' ? cmd.venue.seats.count : cmd.seats.x.length)

/**
 * Posts the seat columns of `cmd` as 'venuePart' messages, one slice per task, then calls `done`
 * with the command to send in their place (same command, empty seat columns, `upload` set).
 * Returns a cancel function (the backend is being destroyed).
 */
export function uploadVenue(cmd: ColumnsCommand, upload: number, post: Post, done: (light: ColumnsCommand) => void): () => void {
  const { seats, names } = columnsOf(cmd)
  const slices: { name: SeatColumn; offset: number; end: number }[] = []
  for (const name of names) {
    const col = seats[name]!
    const step = Math.max(1, Math.floor(UPLOAD_SLICE_BYTES / col.BYTES_PER_ELEMENT))
    for (let offset = 0; offset < col.length; offset += step) slices.push({ name, offset, end: Math.min(col.length, offset + step) })
  }
  let next = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  const run = () => {
    timer = null
    if (next < slices.length) {
      const { name, offset, end } = slices[next++]
      const col = seats[name]!
      const array = col.slice(offset, end) as SeatColumnArray
      post({ type: 'venuePart', upload, name, length: col.length, offset, array }, [array.buffer as ArrayBuffer])
      timer = setTimeout(run, 0)
      return
    }
    const empty = Object.fromEntries(names.map((n) => [n, seats[n]!.slice(0, 0)]))
    if (cmd.op === 'venue') done({ ...cmd, upload, venue: { ...cmd.venue, seats: { count: cmd.venue.seats.count, ...(empty as Pick<typeof cmd.venue.seats, SeatColumn>) } } })
    else done({ ...cmd, upload, seats: empty as typeof cmd.seats })
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

  /** Fills the seat columns of a command that came by upload; other commands pass through. */
  complete(cmd: RenderCommand): RenderCommand {
    if ((cmd.op !== 'venue' && cmd.op !== 'seatGeometry') || cmd.upload === undefined) return cmd
    const cols = this.uploads.get(cmd.upload)
    this.uploads.delete(cmd.upload)
    // Older uploads that never completed (a venue replaced mid-way) are dropped too.
    for (const id of [...this.uploads.keys()]) if (id < cmd.upload) this.uploads.delete(id)
    const { seats: light, names } = columnsOf(cmd)
    const seats = { ...light }
    for (const name of names) {
      const col = cols?.get(name)
      if (col) seats[name] = col
    }
    if (cmd.op === 'venue') return { ...cmd, venue: { ...cmd.venue, seats: seats as typeof cmd.venue.seats } }
    return { ...cmd, seats: seats as typeof cmd.seats }
  }
}
