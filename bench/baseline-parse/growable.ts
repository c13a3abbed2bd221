/** Typed arrays that grow by doubling while parsing, then are cut to size once at the end. */
type TypedArray = Float32Array | Uint8Array | Uint16Array | Uint32Array
type TypedArrayCtor<T extends TypedArray> = { new (length: number): T }

export class Growable<T extends TypedArray> {
  data: T
  length = 0

  constructor(private readonly ctor: TypedArrayCtor<T>, capacity = 1024) {
    this.data = new ctor(capacity)
  }

  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1)
    this.data[this.length++] = v
  }

  grow(min: number): void {
    const next = new this.ctor(Math.max(min, this.data.length * 2))
    next.set(this.data)
    this.data = next
  }

  /** A right-sized copy (its own ArrayBuffer, so it can be transferred alone). */
  finish(): T {
    return this.data.slice(0, this.length) as T
  }
}
