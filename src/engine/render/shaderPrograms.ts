import { GlProgram, GpuProgram } from 'pixi.js'

/**
 * The uniforms Pixi's WebGPU mesh pipe binds for a Mesh with its own shader: group 0 the
 * renderer's globals, group 1 the mesh's own transform and tint (GpuMeshAdapter assigns both when
 * the WGSL declares them under these names). Layouts as Pixi's globalUniformsBit and
 * localUniformBit declare them; the GLSL side reads the same values as uProjectionMatrix,
 * uWorldTransformMatrix, uTransformMatrix and uColor.
 */
export const WGSL_PIXI_UNIFORMS = /* wgsl */ `
struct GlobalUniforms {
    uProjectionMatrix: mat3x3<f32>,
    uWorldTransformMatrix: mat3x3<f32>,
    uWorldColorAlpha: vec4<f32>,
    uResolution: vec2<f32>,
}
@group(0) @binding(0) var<uniform> globalUniforms: GlobalUniforms;

struct LocalUniforms {
    uTransformMatrix: mat3x3<f32>,
    uColor: vec4<f32>,
    uRound: f32,
}
@group(1) @binding(0) var<uniform> localUniforms: LocalUniforms;
`

export interface ShaderSources {
  name: string
  /** GLSL ES 3.00 (WebGL2). */
  vertex: string
  fragment: string
  /** WGSL (WebGPU), one module with entry points mainVertex and mainFragment. */
  wgsl: string
}

/**
 * The program pair of one shader, compiled on first use and then shared by every Shader made
 * from it (Pixi picks the one its renderer speaks).
 */
export function lazyPrograms(src: ShaderSources): () => { glProgram: GlProgram; gpuProgram: GpuProgram } {
  let programs: { glProgram: GlProgram; gpuProgram: GpuProgram } | null = null
  return () =>
    (programs ??= {
      glProgram: GlProgram.from({ vertex: src.vertex, fragment: src.fragment, name: src.name }),
      gpuProgram: GpuProgram.from({ vertex: { source: src.wgsl, entryPoint: 'mainVertex' }, fragment: { source: src.wgsl, entryPoint: 'mainFragment' }, name: src.name }),
    })
}
