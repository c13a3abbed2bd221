/**
 * Label and id columns of the seat candidates (candidates.ts): one Int32 per candidate instead of
 * a string pointer in a JS array. Cost: a table lookup per label written (none for plain numbers
 * or a run of the same string); memory 4 bytes per candidate and column plus the distinct labels.
 */

/** Initial capacity of the candidate columns (Candidates grows them with its own arrays). */
export const INITIAL_CAPACITY = 1024

/** Plain numbers below this ("1" … "9999", most seat numbers) find their label id in an array. */
const NUMERIC_LABELS = 10_000

/**
 * Label strings by id. Seat labels repeat ("12", "A", a sector's name), so candidates hold ids:
 * a million fresh label strings kept alive until classification ends (in JS arrays, one pointer
 * store per seat and label) outlived the young generation, and the GC copying, remembering and
 * marking them was the largest share of recognition's extra cost at 1M seats. Plain numbers find
 * their id without hashing; a run of the same string (a group's sector on each of its seats)
 * without a lookup.
 */
export class LabelTable {
  readonly strings: string[] = []
  private readonly ids = new Map<string, number>()
  private readonly numeric = new Int32Array(NUMERIC_LABELS).fill(-1)
  private last: string | undefined = undefined
  private lastId = -1

  /** The id of `label` (-1 for none). */
  id(label: string | undefined): number {
    if (label === undefined) return -1
    if (label === this.last) return this.lastId
    let id: number
    const value = plainNumber(label)
    if (value >= 0) {
      id = this.numeric[value]
      if (id < 0) id = this.numeric[value] = this.add(label)
    } else {
      id = this.ids.get(label) ?? -1
      if (id < 0) {
        id = this.add(label)
        this.ids.set(label, id)
      }
    }
    this.last = label
    this.lastId = id
    return id
  }

  private add(label: string): number {
    this.strings.push(label)
    return this.strings.length - 1
  }
}

/** One label per candidate, as ids into a LabelTable (-1: none). */
export class LabelColumn<T extends string> {
  ids = new Int32Array(INITIAL_CAPACITY).fill(-1)

  constructor(private readonly table: LabelTable) {}

  get(i: number): T | undefined {
    const id = this.ids[i]
    return id < 0 ? undefined : (this.table.strings[id] as T)
  }

  has(i: number): boolean {
    return this.ids[i] >= 0
  }

  set(i: number, label: T | undefined): void {
    this.ids[i] = this.table.id(label)
  }

  grow(size: number): void {
    const ids = new Int32Array(size).fill(-1)
    ids.set(this.ids)
    this.ids = ids
  }
}

/** The value of a label written as a plain number below NUMERIC_LABELS without leading zeros ("7", "120"), else -1. */
function plainNumber(text: string): number {
  const n = text.length
  if (n === 0 || n > 4) return -1
  let value = 0
  for (let i = 0; i < n; i++) {
    const d = text.charCodeAt(i) - 48
    if (d < 0 || d > 9 || (d === 0 && i === 0)) return -1
    value = value * 10 + d
  }
  return value
}

/**
 * Element ids per candidate. Most seats have none, or one of their own (no two alike), so ids are
 * neither hashed nor stored per candidate in a JS array (a pointer store per seat that the GC
 * then walks): an index per candidate into a list of the ids given.
 */
export class IdColumn {
  index = new Int32Array(INITIAL_CAPACITY).fill(-1)
  private readonly ids: string[] = []

  get(i: number): string | undefined {
    const k = this.index[i]
    return k < 0 ? undefined : this.ids[k]
  }

  set(i: number, id: string | undefined): void {
    if (id === undefined) this.index[i] = -1
    else {
      this.index[i] = this.ids.length
      this.ids.push(id)
    }
  }

  grow(size: number): void {
    const index = new Int32Array(size).fill(-1)
    index.set(this.index)
    this.index = index
  }
}
