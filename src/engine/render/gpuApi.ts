/**
 * Which GPU API the map draws with. 'auto' takes WebGPU where the browser offers a hardware
 * adapter and WebGL2 otherwise: a fallback adapter is a software rasteriser (SwiftShader's
 * Vulkan in Chromium), and on software GL the WebGL2 path is the one measured and tuned here
 * (the browser benchmark runs on it). 'webgl' / 'webgpu' force one; 'webgpu' fails where the
 * browser has no adapter at all. The probe asks with the same (default) options Pixi's own request
 * uses, so both see the same adapter.
 */
export type GpuApi = 'webgl' | 'webgpu'
export type GpuPreference = 'auto' | GpuApi

interface AdapterLike {
  isFallbackAdapter?: boolean
  info?: { isFallbackAdapter?: boolean }
}
interface GpuLike {
  requestAdapter(): Promise<AdapterLike | null>
}

export async function chooseGpuApi(preference: GpuPreference, gpu: GpuLike | undefined = (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu): Promise<GpuApi> {
  if (preference === 'webgl') return 'webgl'
  const adapter = gpu ? await gpu.requestAdapter().catch(() => null) : null
  if (preference === 'webgpu') {
    if (!adapter) throw new Error('WebGPU is not available in this browser')
    return 'webgpu'
  }
  if (!adapter || adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter) return 'webgl'
  return 'webgpu'
}
