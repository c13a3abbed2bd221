import type { Adapter } from 'pixi.js'

/**
 * Pixi's DOM access inside the render worker: OffscreenCanvas for every canvas it makes (the
 * label font's glyph atlas), the worker's own fonts and fetch. Pixi ships a WebWorkerAdapter, but
 * it imports an XML parser (@xmldom/xmldom) for SVG and bitmap-font files the map never loads;
 * this one refuses those instead of bundling a parser into the worker.
 */
export const renderWorkerAdapter: Adapter = {
  createCanvas: (width, height) => new OffscreenCanvas(width ?? 0, height ?? 0),
  createImage: () => {
    throw new Error('the render worker loads no images')
  },
  getCanvasRenderingContext2D: () => OffscreenCanvasRenderingContext2D,
  getWebGLRenderingContext: () => WebGLRenderingContext,
  getNavigator: () => navigator,
  getBaseUrl: () => globalThis.location.href,
  getFontFaceSet: () => (globalThis as unknown as { fonts?: FontFaceSet }).fonts ?? null,
  fetch: (url, options) => fetch(url, options),
  parseXML: () => {
    throw new Error('the render worker parses no XML')
  },
}
