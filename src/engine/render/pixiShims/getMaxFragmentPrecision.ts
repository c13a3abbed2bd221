/**
 * Stands in for pixi.js's `getMaxFragmentPrecision` (aliased in vite.config.ts). Pixi asks it
 * when the first GlProgram is made, and the original answers by creating a throwaway WebGL
 * context just to read the fragment shader's float precision: 100-340 ms of main thread on
 * software GL (SwiftShader) in the 1M-seat load profile. The map needs WebGL2 (its shaders are
 * GLSL ES 3.00), and GLSL ES 3.00 requires highp floats in fragment shaders, so the answer on
 * every context the map can run on is known without asking.
 */
export function getMaxFragmentPrecision(): 'highp' {
  return 'highp'
}
