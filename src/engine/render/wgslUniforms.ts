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
