import { Geometry, type Buffer, type Container, type TextureSource } from 'pixi.js'

/**
 * What the map keeps on the GPU, counted from the objects the renderer uploads (issue 16.5:
 * "memory … GPU buffers per seat"). Browsers expose no GPU memory figure, and on SwiftShader
 * there is no GPU at all, so this is the bytes we hand to the driver, not what it allocates
 * (drivers pad and may keep copies):
 * - buffers: every vertex and index buffer of the meshes in the scene (seat tiles, sector and
 *   decoration fills), each shared buffer once;
 * - textures: every texture source they and the label font use, at 4 bytes per pixel;
 * - drawingBuffer: the canvas's colour buffer, 4 bytes per device pixel (depth, stencil and the
 *   front buffer come on top, the same whatever the venue).
 * Not counted: Pixi's shared batch buffers for strokes and label glyphs (a few hundred kB at
 * most, whatever the venue size).
 */
export interface GpuMemory {
  buffers: number
  textures: number
  drawingBuffer: number
}

const BYTES_PER_PIXEL = 4

const bufferBytes = (b: Buffer): number => b.descriptor?.size ?? b.data?.byteLength ?? 0
const sourceBytes = (s: TextureSource): number => s.pixelWidth * s.pixelHeight * BYTES_PER_PIXEL

/** Walks the scene once (a few hundred meshes at 1M seats: they are tiles, not seats). */
export function gpuMemoryOf(root: Container, drawingBufferPixels: number, extraSources: readonly TextureSource[] = []): GpuMemory {
  const buffers = new Set<Buffer>()
  const sources = new Set<TextureSource>(extraSources)
  const stack: Container[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    const geometry = (node as { geometry?: unknown }).geometry
    if (geometry instanceof Geometry) {
      for (const a of Object.values(geometry.attributes)) if (a.buffer) buffers.add(a.buffer)
      if (geometry.indexBuffer) buffers.add(geometry.indexBuffer)
    }
    const source = (node as { texture?: { source?: TextureSource } }).texture?.source
    if (source) sources.add(source)
    for (const child of node.children) stack.push(child)
  }
  let b = 0
  for (const buf of buffers) b += bufferBytes(buf)
  let t = 0
  for (const s of sources) t += sourceBytes(s)
  return { buffers: b, textures: t, drawingBuffer: drawingBufferPixels * BYTES_PER_PIXEL }
}
