/**
 * Byte writer and reader of the compiled venue (compiled/format.ts). Integer columns are written
 * delta-coded (each value minus the one before, wrapping at the column's width, so decoding is
 * exact) and split into byte planes (all low bytes, then all high bytes): seats along a row have
 * equal steps and mostly-zero high bytes, which is what gzip and brotli compress to almost nothing.
 */

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class ByteWriter {
  private buf = new Uint8Array(1 << 16)
  private view = new DataView(this.buf.buffer)
  length = 0

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return
    let size = this.buf.length * 2
    while (size < this.length + n) size *= 2
    const next = new Uint8Array(size)
    next.set(this.buf.subarray(0, this.length))
    this.buf = next
    this.view = new DataView(next.buffer)
  }

  u8(v: number): void {
    this.room(1)
    this.buf[this.length++] = v
  }

  u32(v: number): void {
    this.room(4)
    this.view.setUint32(this.length, v, true)
    this.length += 4
  }

  f64(v: number): void {
    this.room(8)
    this.view.setFloat64(this.length, v, true)
    this.length += 8
  }

  /** Unsigned LEB128 (string lengths: one byte for the short labels of a venue). */
  varint(v: number): void {
    while (v >= 0x80) {
      this.u8((v & 0x7f) | 0x80)
      v = Math.floor(v / 128)
    }
    this.u8(v)
  }

  bytes(b: Uint8Array): void {
    this.room(b.length)
    this.buf.set(b, this.length)
    this.length += b.length
  }

  /** A UTF-8 string with its byte length in front. */
  text(s: string): void {
    const b = encoder.encode(s)
    this.u32(b.length)
    this.bytes(b)
  }

  /** Raw little-endian bytes of a float column (few values: sector boxes, stroke widths). */
  f32s(values: Float32Array): void {
    const le = new Float32Array(values)
    this.bytes(new Uint8Array(le.buffer))
  }

  /** `width` bytes per value (1, 2 or 4), delta-coded when `delta`, as byte planes. */
  column(values: ArrayLike<number>, width: 1 | 2 | 4, delta: boolean): void {
    const n = values.length
    this.room(n * width)
    const out = this.buf
    const base = this.length
    let prev = 0
    for (let i = 0; i < n; i++) {
      const v = values[i] >>> 0
      const d = delta ? (v - prev) >>> 0 : v
      prev = v
      for (let p = 0; p < width; p++) out[base + p * n + i] = (d >>> (8 * p)) & 0xff
    }
    this.length += n * width
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.length)
  }
}

export class ByteReader {
  private readonly view: DataView
  offset = 0

  constructor(private readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  }

  private need(n: number): void {
    if (this.offset + n > this.buf.length) throw new RangeError('compiled venue is truncated')
  }

  u8(): number {
    this.need(1)
    return this.buf[this.offset++]
  }

  u32(): number {
    this.need(4)
    const v = this.view.getUint32(this.offset, true)
    this.offset += 4
    return v
  }

  f64(): number {
    this.need(8)
    const v = this.view.getFloat64(this.offset, true)
    this.offset += 8
    return v
  }

  varint(): number {
    let v = 0
    let scale = 1
    for (;;) {
      const b = this.u8()
      v += (b & 0x7f) * scale
      if (b < 0x80) return v
      scale *= 128
      if (scale > 2 ** 35) throw new RangeError('compiled venue: bad varint')
    }
  }

  bytes(n: number): Uint8Array {
    this.need(n)
    const b = this.buf.subarray(this.offset, this.offset + n)
    this.offset += n
    return b
  }

  text(): string {
    return decoder.decode(this.bytes(this.u32()))
  }

  f32s(n: number): Float32Array {
    return new Float32Array(this.bytes(n * 4).slice().buffer)
  }

  /** Reads a column written by ByteWriter.column into `out` (whose length is the value count). */
  column<T extends Uint8Array | Uint16Array | Uint32Array>(out: T, width: 1 | 2 | 4, delta: boolean): T {
    const n = out.length
    const s = this.bytes(n * width)
    // Deltas wrap at the column's own width, as the writer wrote them.
    let prev = 0
    if (width === 1) {
      for (let i = 0; i < n; i++) out[i] = prev = delta ? (prev + s[i]) & 0xff : s[i]
    } else if (width === 2) {
      for (let i = 0; i < n; i++) {
        const d = s[i] | (s[n + i] << 8)
        out[i] = prev = delta ? (prev + d) & 0xffff : d
      }
    } else {
      const n2 = 2 * n
      const n3 = 3 * n
      for (let i = 0; i < n; i++) {
        const d = (s[i] | (s[n + i] << 8) | (s[n2 + i] << 16) | (s[n3 + i] << 24)) >>> 0
        out[i] = prev = delta ? (prev + d) >>> 0 : d
      }
    }
    return out
  }
}
