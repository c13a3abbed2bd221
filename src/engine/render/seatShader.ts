import { Shader, UniformGroup } from 'pixi.js'
import { lazyPrograms, WGSL_PIXI_UNIFORMS } from './shaderPrograms'

/**
 * Seats as plain indexed quads: four vertices per seat whose corners are already placed, scaled
 * and rotated in drawing units (SeatLayer writes them once), so the vertex shader only projects.
 *
 * Why not instancing: SwiftShader, the software GL of headless Chromium and of many machines
 * without a usable GPU, runs an instanced draw as one small draw per instance. Measured here: one
 * 16k-instance tile cost ~80 ms per frame; the same seats as plain quads cost a few ms. On real
 * GPUs both are cheap, so one path serves all.
 *
 * The corner of a vertex comes from gl_VertexID (the index value in an indexed draw: seat k owns
 * vertices 4k..4k+3, corners in seatTiles' QUAD_CORNERS order), so no corner attribute is stored. Round seats (circles, and
 * ellipses through their bounding box) are cut in the fragment shader with an antialiased edge
 * (fwidth); rectangles skip it. Which of the two a tile holds is the uniform uSeatRound: SeatLayer
 * keeps round and square seats in separate tiles so one program serves both. (Not "uRound":
 * Pixi's mesh pipe binds its own uRound, the round-pixels flag, after the shader's resources,
 * and on WebGL uniforms meet by name: once text had been drawn beside the seats, its 0 overwrote
 * ours and round seats came out square.)
 *
 * The same program in GLSL ES 3.00 (WebGL2) and WGSL (WebGPU); Pixi picks the one its renderer
 * speaks.
 */
const vertex = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec4 aColor;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform vec4 uColor;

out vec2 vLocal;
out vec4 vColor;

void main() {
    mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
    gl_Position = vec4((mvp * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
    int c = gl_VertexID & 3;
    vLocal = vec2(c == 1 || c == 2 ? 1.0 : -1.0, c >= 2 ? 1.0 : -1.0);
    vColor = aColor * uColor;
}
`

const fragment = /* glsl */ `#version 300 es
in vec2 vLocal;
in vec4 vColor;

uniform float uSeatRound;

out vec4 finalColor;

void main() {
    float alpha = 1.0;
    if (uSeatRound > 0.5) {
        float d = length(vLocal);
        float aa = max(fwidth(d), 1e-4);
        alpha = 1.0 - smoothstep(1.0 - aa, 1.0, d);
        if (alpha <= 0.0) discard;
    }
    float a = vColor.a * alpha;
    finalColor = vec4(vColor.rgb * a, a);
}
`

const wgsl = /* wgsl */ `${WGSL_PIXI_UNIFORMS}
struct SeatUniforms {
    uSeatRound: f32,
}
@group(2) @binding(0) var<uniform> seatUniforms: SeatUniforms;

struct Varyings {
    @builtin(position) position: vec4<f32>,
    @location(0) vLocal: vec2<f32>,
    @location(1) vColor: vec4<f32>,
}

@vertex
fn mainVertex(@location(0) aPosition: vec2<f32>, @location(1) aColor: vec4<f32>, @builtin(vertex_index) vertexIndex: u32) -> Varyings {
    let mvp = globalUniforms.uProjectionMatrix * globalUniforms.uWorldTransformMatrix * localUniforms.uTransformMatrix;
    var out: Varyings;
    out.position = vec4<f32>((mvp * vec3<f32>(aPosition, 1.0)).xy, 0.0, 1.0);
    let c = vertexIndex & 3u;
    out.vLocal = vec2<f32>(select(-1.0, 1.0, c == 1u || c == 2u), select(-1.0, 1.0, c >= 2u));
    out.vColor = aColor * localUniforms.uColor;
    return out;
}

@fragment
fn mainFragment(in: Varyings) -> @location(0) vec4<f32> {
    // Derivatives before any branch: WGSL allows them only in uniform control flow.
    let d = length(in.vLocal);
    let aa = max(fwidth(d), 1e-4);
    var alpha = 1.0;
    if (seatUniforms.uSeatRound > 0.5) {
        alpha = 1.0 - smoothstep(1.0 - aa, 1.0, d);
        if (alpha <= 0.0) {
            discard;
        }
    }
    let a = in.vColor.a * alpha;
    return vec4<f32>(in.vColor.rgb * a, a);
}
`

const seatPrograms = lazyPrograms({ name: 'seatmap-seats', vertex, fragment, wgsl })

export function createSeatShader(round: boolean): Shader {
  return new Shader({ ...seatPrograms(), resources: { seatUniforms: new UniformGroup({ uSeatRound: { value: round ? 1 : 0, type: 'f32' } }) } })
}
