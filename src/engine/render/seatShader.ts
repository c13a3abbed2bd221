import { GlProgram, Shader, UniformGroup } from 'pixi.js'

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
 * (fwidth); rectangles skip it. Which of the two a tile holds is the uniform uRound: SeatLayer
 * keeps round and square seats in separate tiles so one program serves both.
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

uniform float uRound;

out vec4 finalColor;

void main() {
    float alpha = 1.0;
    if (uRound > 0.5) {
        float d = length(vLocal);
        float aa = max(fwidth(d), 1e-4);
        alpha = 1.0 - smoothstep(1.0 - aa, 1.0, d);
        if (alpha <= 0.0) discard;
    }
    float a = vColor.a * alpha;
    finalColor = vec4(vColor.rgb * a, a);
}
`

let program: GlProgram | null = null

export function createSeatShader(round: boolean): Shader {
  program ??= GlProgram.from({ vertex, fragment, name: 'seatmap-seats' })
  return new Shader({ glProgram: program, resources: { seatUniforms: new UniformGroup({ uRound: { value: round ? 1 : 0, type: 'f32' } }) } })
}
