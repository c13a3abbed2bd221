import { BitmapFontManager, BitmapText, Container, type BitmapFont, type TextureSource } from 'pixi.js'
import type { LabelSpec } from './labelsInView'

/**
 * Text labels (seat numbers, decoration labels) as pooled BitmapText on one installed font, so
 * every label shares one glyph texture and batches. Only labels in view are set, and only after
 * the camera has been quiet (the engine decides when), because laying out text is the expensive
 * part of a frame.
 */

export const LABEL_FONT = 'SeatMapLabels'
/** Glyphs are rasterised at this size once; labels scale them in world units. */
export const LABEL_FONT_RASTER_PX = 48

let installed: BitmapFont | null = null

/** Installs the label font once (rasterises its glyphs: ~100 ms on software GL, so the renderer's warm-up does it in its own task). */
export function ensureFont(): void {
  if (installed) return
  installed = BitmapFontManager.install({
    name: LABEL_FONT,
    style: { fontFamily: 'Arial, Helvetica, sans-serif', fontSize: LABEL_FONT_RASTER_PX, fill: 0xffffff },
    // Latin and Cyrillic letters and digits cover row, seat and hall labels (ru is the default
    // language); other glyphs are not in the atlas and are skipped.
    chars: [['a', 'z'], ['A', 'Z'], ['0', '9'], ['А', 'я'], 'Ёё .,-/#№()'],
    resolution: 1,
    // Kerning measures every pair of glyphs (~20k measureText calls for this set): 110-170 ms
    // of main thread at start-up in the load profile, for spacing nobody sees in seat numbers.
    skipKerning: true,
  })
}

/** The label font's glyph pages once installed (what it keeps on the GPU; gpuMemory.ts). */
export function labelFontSources(): TextureSource[] {
  return installed ? installed.pages.map((p) => p.texture.source) : []
}

export class LabelLayer {
  readonly container = new Container({ label: 'labels', eventMode: 'none', interactiveChildren: false })
  private pool: BitmapText[] = []

  /** Show exactly these labels, reusing pooled texts. */
  set(labels: readonly LabelSpec[]): void {
    if (labels.length > 0) ensureFont()
    while (this.pool.length < labels.length) {
      const t = new BitmapText({ text: '', style: { fontFamily: LABEL_FONT, fontSize: LABEL_FONT_RASTER_PX }, anchor: 0.5 })
      this.pool.push(t)
      this.container.addChild(t)
    }
    for (let i = 0; i < this.pool.length; i++) {
      const t = this.pool[i]
      const l = labels[i]
      if (!l) {
        t.visible = false
        continue
      }
      t.visible = true
      if (t.text !== l.text) t.text = l.text
      t.tint = l.color
      const k = l.size / LABEL_FONT_RASTER_PX
      t.scale.set(k)
      t.position.set(l.x, l.y)
    }
  }

  clear(): void {
    for (const t of this.pool) t.visible = false
  }

  get shown(): number {
    let n = 0
    for (const t of this.pool) if (t.visible) n++
    return n
  }

  destroy(): void {
    this.container.destroy({ children: true })
    this.pool = []
  }
}
