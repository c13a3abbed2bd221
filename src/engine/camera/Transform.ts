import type { InputDelta, Point } from '../input/types'
import { type Bounds, type CameraState, cameraScale, clampCenter, fitCamera, fitScale, MAX_ZOOM, MIN_ZOOM, panBy, screenToWorld, type Viewport, visibleWorldRect, worldToScreen, zoomAround } from './Camera'

/**
 * What the engine's parts may read of the camera: state and projections, no moves. Hit-testing,
 * seat infos and the level of detail all measure against the same camera, bounds and viewport.
 */
export interface CameraView {
  readonly camera: Readonly<CameraState>
  readonly bounds: Bounds
  readonly viewport: Viewport
  /** Drawing units → CSS pixels at the current zoom. */
  scale(): number
  /** Drawing units → CSS pixels at zoom 1. */
  fitScale(): number
  worldToScreen(x: number, y: number): Point
  screenToWorld(x: number, y: number): Point
  visibleRect(): [number, number, number, number]
}

/**
 * The camera with the venue bounds and viewport it is measured against, in one object
 * (maplibre's Transform beside its Map): the camera math stays pure in Camera.ts, this only holds
 * the state. Every move replaces the camera object, so `camera` can be compared by reference.
 * It renders nothing; the engine applies a changed camera to the renderer.
 */
export class Transform implements CameraView {
  private cam: CameraState = { centerX: 0, centerY: 0, zoom: 1 }
  private box: Bounds = [0, 0, 1, 1]
  private size: Viewport = { width: 1, height: 1 }

  get camera(): Readonly<CameraState> {
    return this.cam
  }

  get bounds(): Bounds {
    return this.box
  }

  get viewport(): Viewport {
    return this.size
  }

  /** A new venue: its bounds, and the camera that shows all of it. */
  setBounds(bounds: Bounds): void {
    this.box = bounds
    this.cam = fitCamera(bounds)
  }

  resize(width: number, height: number): void {
    this.size = { width, height }
  }

  fit(): void {
    this.cam = fitCamera(this.box)
  }

  /**
   * Zoom (relative to fit) around a screen point, or the view centre. The point stays under the
   * pointer unless that would take the view off the venue (a tap-zoom near an edge).
   */
  zoomTo(zoom: number, around?: Point): void {
    this.cam = clampCenter(zoomAround(this.cam, this.box, this.size, zoom, around), this.box, this.size)
  }

  /** Centres on a drawing point, as far as the view stays on the venue (an edge seat ends up near the edge). */
  centerOn(x: number, y: number, zoom: number): void {
    this.cam = clampCenter({ centerX: x, centerY: y, zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) }, this.box, this.size)
  }

  /** A frame's pan first, then its zoom around the anchor (see Pinching). Returns whether the camera moved. */
  applyDelta(d: InputDelta): boolean {
    let cam = this.cam
    if (d.panDelta) cam = panBy(cam, this.box, this.size, d.panDelta.x, d.panDelta.y)
    if (d.zoomDelta) cam = zoomAround(cam, this.box, this.size, cam.zoom * Math.pow(2, d.zoomDelta), d.around)
    cam = clampCenter(cam, this.box, this.size)
    if (cam.centerX === this.cam.centerX && cam.centerY === this.cam.centerY && cam.zoom === this.cam.zoom) return false
    this.cam = cam
    return true
  }

  scale(): number {
    return cameraScale(this.cam, this.box, this.size)
  }

  fitScale(): number {
    return fitScale(this.box, this.size)
  }

  worldToScreen(x: number, y: number): Point {
    return worldToScreen(this.cam, this.scale(), this.size, x, y)
  }

  screenToWorld(x: number, y: number): Point {
    return screenToWorld(this.cam, this.scale(), this.size, x, y)
  }

  visibleRect(): [number, number, number, number] {
    return visibleWorldRect(this.cam, this.box, this.size)
  }
}
