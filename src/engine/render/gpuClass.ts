import { WebGLRenderer, type WebGPURenderer } from 'pixi.js'
import { classifyRenderer, type GpuClass } from '../lod/seatBudget'

/** Chromium's masked WebGL renderer name: the real one is behind WEBGL_debug_renderer_info. */
const MASKED_RENDERER = 'WebKit WebGL'

interface AdapterInfo {
  isFallbackAdapter?: boolean
}

/**
 * Whether the started renderer draws on a GPU or in software (seatBudget.ts sizes the seat
 * budget by it). WebGL: the renderer's name, unmasked where the browser masks it (Firefox and
 * Safari already report a sanitised real name in RENDERER and warn on the debug extension, so it
 * is asked only when the name is masked). WebGPU: a fallback adapter is a software rasteriser.
 */
export function gpuClassOf(renderer: WebGLRenderer | WebGPURenderer): GpuClass {
  if (renderer instanceof WebGLRenderer) {
    const gl = renderer.gl
    let name = gl.getParameter(gl.RENDERER) as string | null
    if (!name || name === MASKED_RENDERER) {
      const ext = gl.getExtension('WEBGL_debug_renderer_info')
      name = ext ? (gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) as string | null) : null
    }
    return classifyRenderer(name)
  }
  const adapter = (renderer.gpu as { adapter?: AdapterInfo & { info?: AdapterInfo } } | undefined)?.adapter
  if (!adapter) return 'unknown'
  return adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter ? 'software' : 'hardware'
}
