import { GlProgram, Shader } from 'pixi.js'

/**
 * One instanced quad per seat. The vertex shader places and rotates a unit quad from the seat's
 * instance data (x, y, w, h, rotation, shape); the fragment shader cuts circles and ellipses
 * with an antialiased edge (fwidth), so no texture atlas is needed and all shapes of a tile share
 * one draw call. WebGL2 only: the engine asks Pixi for WebGL (see SceneRenderer).
 */
const vertex = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec4 aSeat;
in vec2 aSeatExtra;
in vec4 aColor;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform vec4 uColor;

out vec2 vLocal;
out vec4 vColor;
out float vShape;

void main() {
    vec2 p = aPosition * aSeat.zw;
    float c = cos(aSeatExtra.x);
    float s = sin(aSeatExtra.x);
    p = vec2(p.x * c - p.y * s, p.x * s + p.y * c) + aSeat.xy;
    mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
    gl_Position = vec4((mvp * vec3(p, 1.0)).xy, 0.0, 1.0);
    vLocal = aPosition * 2.0;
    vColor = aColor * uColor;
    vShape = aSeatExtra.y;
}
`

const fragment = /* glsl */ `#version 300 es
in vec2 vLocal;
in vec4 vColor;
in float vShape;

out vec4 finalColor;

void main() {
    float alpha = 1.0;
    if (vShape < 0.5 || vShape > 1.5) {
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

export function createSeatShader(): Shader {
  program ??= GlProgram.from({ vertex, fragment, name: 'seatmap-seats' })
  return new Shader({ glProgram: program, resources: {} })
}
