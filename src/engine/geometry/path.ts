/**
 * SVG path data: the walker (pathWalk.ts), its bounding box (pathBBox.ts) and its flattening into
 * polylines (flatten.ts), imported from one place. The parts import pathWalk.ts, never this
 * file, so the folder has no import cycle.
 */
export * from './pathWalk'
export { BBoxSink, pathBBox } from './pathBBox'
export { FlattenSink, MAX_CURVE_SEGMENTS } from './flatten'
