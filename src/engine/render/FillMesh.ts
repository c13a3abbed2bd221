import { Buffer, BufferUsage, earcut, Geometry, Mesh, Shader } from 'pixi.js'
import { lazyPrograms, WGSL_PIXI_UNIFORMS } from './shaderPrograms'

/**
 * Solid polygon fills (sector shapes, stage, floor) as one triangle mesh with per-vertex colour
 * and a trivial shader. Pixi's Graphics fills go through the batch shader, which picks one of
 * up to 16 textures per pixel; on software GL that costs tens of milliseconds per full-screen
 * fill (measured: 47 ms for the zoomed-out sector layer at 1280×800 on SwiftShader, versus a
 * few ms for this mesh). Outlines stay Graphics strokes, which cover few pixels.
 */
const vertex = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec4 aColor;
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform vec4 uColor;
out vec4 vColor;
void main() {
    mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
    gl_Position = vec4((mvp * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
    vColor = aColor * uColor;
}
`
const fragment = /* glsl */ `#version 300 es
in vec4 vColor;
out vec4 finalColor;
void main() {
    finalColor = vec4(vColor.rgb * vColor.a, vColor.a);
}
`

const wgsl = /* wgsl */ `${WGSL_PIXI_UNIFORMS}
struct Varyings {
    @builtin(position) position: vec4<f32>,
    @location(0) vColor: vec4<f32>,
}

@vertex
fn mainVertex(@location(0) aPosition: vec2<f32>, @location(1) aColor: vec4<f32>) -> Varyings {
    let mvp = globalUniforms.uProjectionMatrix * globalUniforms.uWorldTransformMatrix * localUniforms.uTransformMatrix;
    var out: Varyings;
    out.position = vec4<f32>((mvp * vec3<f32>(aPosition, 1.0)).xy, 0.0, 1.0);
    out.vColor = aColor * localUniforms.uColor;
    return out;
}

@fragment
fn mainFragment(in: Varyings) -> @location(0) vec4<f32> {
    return vec4<f32>(in.vColor.rgb * in.vColor.a, in.vColor.a);
}
`

/** The same trivial program in GLSL ES 3.00 (WebGL2) and WGSL (WebGPU). */
const fillPrograms = lazyPrograms({ name: 'seatmap-fill', vertex, fragment, wgsl })

function fillShader(): Shader {
  return new Shader({ ...fillPrograms(), resources: {} })
}

/**
 * A fill mesh over existing typed arrays whose colours change later: write `colors` (RGBA bytes
 * per point) and call `colorBuffer.update()`. Positions and indices upload once.
 */
export function recolorableFillMesh(positions: Float32Array, indices: Uint32Array, colors: Uint8Array): { mesh: Mesh<Geometry, Shader>; colorBuffer: Buffer } {
  const colorBuffer = new Buffer({ data: colors, usage: BufferUsage.VERTEX | BufferUsage.COPY_DST })
  const geometry = new Geometry({
    attributes: {
      aPosition: { buffer: new Buffer({ data: positions, usage: BufferUsage.VERTEX }), format: 'float32x2' },
      aColor: { buffer: colorBuffer, format: 'unorm8x4' },
    },
    indexBuffer: new Buffer({ data: indices, usage: BufferUsage.INDEX }),
  })
  return { mesh: new Mesh<Geometry, Shader>({ geometry, shader: fillShader(), eventMode: 'none' }), colorBuffer }
}

export class FillMeshBuilder {
  private positions: number[] = []
  private colors: number[] = []
  private indices: number[] = []

  /** Adds a simple polygon (x, y pairs) filled with 0xRRGGBB at `alpha` (0..1). */
  addPolygon(points: ArrayLike<number>, rgb: number, alpha = 1): void {
    const flat = Array.from(points)
    const n = flat.length / 2
    if (n < 3) return
    const tri = earcut(flat)
    if (tri.length === 0) return
    const base = this.positions.length / 2
    for (let i = 0; i < flat.length; i++) this.positions.push(flat[i])
    const a = Math.round(Math.max(0, Math.min(1, alpha)) * 255)
    for (let i = 0; i < n; i++) this.colors.push((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, a)
    for (const t of tri) this.indices.push(base + t)
  }

  get isEmpty(): boolean {
    return this.indices.length === 0
  }

  /** One Mesh (no events) holding every polygon added; null when nothing was added. */
  build(): Mesh<Geometry, Shader> | null {
    if (this.isEmpty) return null
    const geometry = new Geometry({
      attributes: {
        aPosition: { buffer: new Buffer({ data: new Float32Array(this.positions), usage: BufferUsage.VERTEX }), format: 'float32x2' },
        aColor: { buffer: new Buffer({ data: new Uint8Array(this.colors), usage: BufferUsage.VERTEX }), format: 'unorm8x4' },
      },
      indexBuffer: new Buffer({ data: new Uint32Array(this.indices), usage: BufferUsage.INDEX }),
    })
    return new Mesh<Geometry, Shader>({ geometry, shader: fillShader(), eventMode: 'none' })
  }
}
