/**
 * Stands in for pixi.js's `canUseNewCanvasBlendModes` (aliased in vite.config.ts). Pixi calls the
 * original while its modules load, to pick a tint method for its Canvas 2D renderer: it draws
 * into three small 2D canvases and reads a pixel back, which forces the browser to set up 2D
 * canvas rasterisation. Measured in the 1M-seat load profile on software GL: 110-270 ms of the
 * page's first task. The map renders through WebGL only, where the answer is never used, and
 * every browser we support has the 'multiply' blend mode the probe looks for.
 */
export function canUseNewCanvasBlendModes(): boolean {
  return true
}
