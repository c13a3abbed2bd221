import fs from 'node:fs'
import { createRequire } from 'node:module'

/**
 * A tiny Y4M writer for Chromium's fake camera (`--use-file-for-fake-video-capture=FILE.y4m`):
 * a still image (a ticket's QR code as the shop draws it, a PNG) centred on a white frame,
 * repeated. 4:2:0, grey chroma; the luma is the image's (BT.601 weights).
 */
const require = createRequire(import.meta.url)
// pngjs comes with qrcode (the server draws the codes with it); it has no types of its own.
const { PNG } = require('pngjs') as { PNG: { sync: { read(buf: Buffer): { width: number; height: number; data: Buffer } } } }

export function writeStillY4m(file: string, png: Buffer, opts: { width?: number; height?: number; scale?: number; frames?: number; fps?: number } = {}): void {
  const { width = 640, height = 480, scale = 2, frames = 10, fps = 10 } = opts
  const img = PNG.sync.read(png)
  const luma = Buffer.alloc(width * height, 255)
  const left = Math.floor((width - img.width * scale) / 2)
  const top = Math.floor((height - img.height * scale) / 2)
  for (let y = 0; y < img.height * scale; y++) {
    for (let x = 0; x < img.width * scale; x++) {
      const fy = top + y
      const fx = left + x
      if (fx < 0 || fy < 0 || fx >= width || fy >= height) continue
      const i = (Math.floor(y / scale) * img.width + Math.floor(x / scale)) * 4
      const a = img.data[i + 3] / 255
      const grey = 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2]
      luma[fy * width + fx] = Math.round(grey * a + 255 * (1 - a))
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma])
  const parts = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)]
  for (let i = 0; i < frames; i++) parts.push(frame)
  fs.writeFileSync(file, Buffer.concat(parts))
}
