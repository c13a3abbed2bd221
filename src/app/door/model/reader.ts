import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/**
 * Reads a ticket's QR code (the signed token) or its Code 128 barcode (the printed digits) from
 * a camera frame: the browser's BarcodeDetector where it has one (Android Chrome, Safari 17+),
 * else ZXing-C++ compiled to WebAssembly (zxing-wasm; maintained, reads both formats, works
 * offline). The .wasm file is one of our own built assets, so the app never fetches it from a
 * CDN and the service worker keeps it for offline use.
 */
let prepared = false
function prepare(): void {
  if (prepared) return
  prepared = true
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } })
}

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>
}
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> }

let native: Promise<Detector | null> | null = null
function nativeDetector(): Promise<Detector | null> {
  native ??= (async () => {
    const Ctor = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector
    if (!Ctor) return null
    const formats = await Ctor.getSupportedFormats().catch(() => [] as string[])
    return formats.includes('qr_code') ? new Ctor({ formats: formats.filter((f) => f === 'qr_code' || f === 'code_128') }) : null
  })()
  return native
}

/** The first code in a frame, or null. */
export async function readFrame(frame: ImageData): Promise<string | null> {
  const detector = await nativeDetector()
  if (detector) {
    const found = await detector.detect(frame)
    return found[0]?.rawValue ?? null
  }
  prepare()
  const results = await readBarcodes(frame, { formats: ['QRCode', 'Code128'], tryHarder: true, maxNumberOfSymbols: 1 })
  return results.find((r) => r.isValid)?.text ?? null
}

/** Loads the decoder ahead (while the steward picks a gate), so the first scan is not slowed by it. */
export function warmReader(): void {
  void nativeDetector().then((d) => {
    if (!d) {
      prepare()
      void readBarcodes(new ImageData(8, 8), { formats: ['QRCode'] }).catch(() => undefined)
    }
  })
}
