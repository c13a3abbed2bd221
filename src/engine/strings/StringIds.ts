/**
 * Distinct strings numbered 0, 1, 2 … in the order first seen, kept as UTF-8 bytes in one
 * growing buffer (the string table's final form), found again through an open-addressing hash
 * table: one Int32Array of (hash, id) slot pairs.
 *
 * Why not a Map of strings: a 1M-seat venue adds ~1M distinct seat keys. A Map that large
 * touches three scattered places per lookup (bucket, entry, the key's string header), rehashes
 * entry objects as it grows, and keeps 1M string objects alive for the garbage collector to copy
 * between generations. Here a lookup reads one slot pair (the stored hash rules out nearly every
 * other string without reading it), a new string costs no comparison, the text lives as bytes,
 * and a key joined from parts (sector|row|seat) is hashed and written without building it.
 *
 * Cost: 8 bytes per slot at most MAX_LOAD full (16–32 bytes per string), the UTF-8 bytes, a
 * 4-byte offset; non-ASCII strings also keep their JavaScript string (compared exactly: UTF-8
 * cannot tell a lone surrogate from U+FFFD, a Map could).
 */

/** Largest share of slots in use before the table doubles (linear probing stays short below it). */
const MAX_LOAD = 0.5
const INITIAL_SLOTS = 1024
const INITIAL_BYTES = 16 * 1024
/** Marks an empty slot's id (ids are ≥ 0). */
const EMPTY = -1
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** FNV-1a step over the UTF-16 units of `text`, from state `h`. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME)
  return h
}

/** murmur3's finaliser: mixes the low bits (the slot) with the high ones. */
function finish(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/** Hash of a string by its UTF-16 units (a joined key hashes like the joined string). */
export function hashString(text: string): number {
  return finish(fnv(FNV_OFFSET, text))
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false
  return true
}

export class StringIds {
  /** Slot k holds [2k] = hash, [2k + 1] = id or EMPTY. */
  private slots = new Int32Array(INITIAL_SLOTS * 2).fill(EMPTY)
  private mask = INITIAL_SLOTS - 1
  private bytes = new Uint8Array(INITIAL_BYTES)
  private byteLength = 0
  /** offsets[id] … offsets[id + 1]: the bytes of string id. */
  private offsets = new Uint32Array(INITIAL_SLOTS + 1)
  private count = 0
  /** The strings that are not plain ASCII, by id (their bytes alone cannot be compared exactly). */
  private readonly wide = new Map<number, string>()

  get size(): number {
    return this.count
  }

  /** The string numbered `id` (decoded from its bytes: for tests and rare lookups). */
  get(id: number): string {
    return this.wide.get(id) ?? decoder.decode(this.bytes.subarray(this.offsets[id], this.offsets[id + 1]))
  }

  /** Id of `text`, or -1 when it was never added. */
  find(text: string): number {
    const hash = hashString(text)
    for (let k = hash & this.mask; ; k = (k + 1) & this.mask) {
      const id = this.slots[2 * k + 1]
      if (id === EMPTY) return -1
      if (this.slots[2 * k] === hash && this.equals(id, text)) return id
    }
  }

  /** Id of `text`, numbering it next when new. */
  add(text: string): number {
    const hash = hashString(text)
    const slot = this.probe(hash, text)
    const id = this.slots[2 * slot + 1]
    if (id !== EMPTY) return id
    this.appendBytes(text)
    if (!isAscii(text)) this.wide.set(this.count, text)
    return this.insert(slot, hash)
  }

  /**
   * Id of a + sep + b + sep + c, numbering it next when new; the joined string is only built
   * when its hash is already present (a duplicate, or rarely a hash collision) or it is not ASCII.
   */
  addJoined(a: string, b: string, c: string, sep: string): number {
    const hash = finish(fnv(fnv(fnv(fnv(fnv(FNV_OFFSET, a), sep), b), sep), c))
    let k = hash & this.mask
    for (;;) {
      const id = this.slots[2 * k + 1]
      if (id === EMPTY) break
      if (this.slots[2 * k] === hash) return this.add(a + sep + b + sep + c)
      k = (k + 1) & this.mask
    }
    if (!(isAscii(a) && isAscii(b) && isAscii(c) && isAscii(sep))) return this.add(a + sep + b + sep + c)
    this.appendBytes(a)
    this.appendBytes(sep)
    this.appendBytes(b)
    this.appendBytes(sep)
    this.appendBytes(c)
    return this.insert(k, hash)
  }

  /** The UTF-8 bytes of all strings and each string's start (plus the end), cut to size. */
  finishBuffers(): { bytes: Uint8Array; offsets: Uint32Array } {
    const offsets = this.offsets.slice(0, this.count + 1)
    offsets[this.count] = this.byteLength
    return { bytes: this.bytes.slice(0, this.byteLength), offsets }
  }

  /** Slot holding `text`, or the empty slot where it would go. */
  private probe(hash: number, text: string): number {
    let k = hash & this.mask
    for (;;) {
      const id = this.slots[2 * k + 1]
      if (id === EMPTY || (this.slots[2 * k] === hash && this.equals(id, text))) return k
      k = (k + 1) & this.mask
    }
  }

  /** Numbers the string whose bytes were just appended, in empty slot `slot`. */
  private insert(slot: number, hash: number): number {
    const id = this.count++
    this.slots[2 * slot] = hash
    this.slots[2 * slot + 1] = id
    if (this.count + 1 >= this.offsets.length) {
      const next = new Uint32Array(this.offsets.length * 2)
      next.set(this.offsets)
      this.offsets = next
    }
    this.offsets[this.count] = this.byteLength
    if (this.count > (this.mask + 1) * MAX_LOAD) this.grow()
    return id
  }

  private equals(id: number, text: string): boolean {
    const wide = this.wide.size > 0 ? this.wide.get(id) : undefined
    if (wide !== undefined) return wide === text
    const start = this.offsets[id]
    if (this.offsets[id + 1] - start !== text.length) return false
    const bytes = this.bytes
    // Stored ASCII equals text only if every unit matches (a unit ≥ 0x80 never matches a byte < 0x80).
    for (let i = 0; i < text.length; i++) if (bytes[start + i] !== text.charCodeAt(i)) return false
    return true
  }

  /** Appends the UTF-8 of `text` (ASCII copied unit by unit; the rest through TextEncoder). */
  private appendBytes(text: string): void {
    const n = text.length
    if (this.byteLength + n * 3 > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.bytes.length * 2, this.byteLength + n * 3))
      next.set(this.bytes.subarray(0, this.byteLength))
      this.bytes = next
    }
    const bytes = this.bytes
    const pos = this.byteLength
    for (let j = 0; j < n; j++) {
      const c = text.charCodeAt(j)
      if (c >= 0x80) {
        this.byteLength = pos + encoder.encodeInto(text, bytes.subarray(pos)).written
        return
      }
      bytes[pos + j] = c
    }
    this.byteLength = pos + n
  }

  /** Doubles the slots, placing each (hash, id) pair again by its stored hash. */
  private grow(): void {
    const old = this.slots
    const size = (this.mask + 1) * 2
    const slots = new Int32Array(size * 2).fill(EMPTY)
    const mask = size - 1
    for (let j = 0; j < old.length; j += 2) {
      const id = old[j + 1]
      if (id === EMPTY) continue
      const hash = old[j]
      let k = hash & mask
      while (slots[2 * k + 1] !== EMPTY) k = (k + 1) & mask
      slots[2 * k] = hash
      slots[2 * k + 1] = id
    }
    this.slots = slots
    this.mask = mask
  }
}
