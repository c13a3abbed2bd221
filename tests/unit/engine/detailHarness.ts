import { Transform } from '../../../src/engine/camera/Transform'
import { LoadedVenue } from '../../../src/engine/LoadedVenue'
import { DetailController } from '../../../src/engine/lod/DetailController'
import { detailThreshold, MAX_SEATS_DRAWN, type LodTier } from '../../../src/engine/lod/lod'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/**
 * A DetailController over a synthetic hall with a recording renderer, as the LOD tests drive it
 * (one home for the host they all need): the camera fits `seats` seats in `viewport`, the
 * renderer records the tier it is told to draw and each label call, `published` every tier the
 * controller announces.
 */
export function detailHarness(opts: { seats: number; viewport: { width: number; height: number }; budget?: number | (() => number) }) {
  const venue = new LoadedVenue(syntheticVenue(opts.seats))
  const camera = new Transform()
  camera.resize(opts.viewport.width, opts.viewport.height)
  camera.setBounds(venue.data.bbox)
  const renderer = {
    currentTier: 'sectors' as LodTier,
    setTier(tier: LodTier) {
      this.currentTier = tier
    },
    labels: [] as { tier: LodTier; seats: number }[],
    showLabels(_v: LoadedVenue, tier: LodTier, _rect: unknown, seatsInView: readonly number[]) {
      this.labels.push({ tier, seats: seatsInView.length })
    },
  }
  const published: LodTier[] = []
  const detail = new DetailController(
    {
      renderer,
      camera,
      venue: () => venue,
      statusRevision: () => 0,
      tierChanged: (tier) => published.push(tier),
      invalidate: () => {},
      requestFrame: () => {},
    },
    detailThreshold(null),
    opts.budget ?? MAX_SEATS_DRAWN,
  )
  return { venue, camera, renderer, detail, published }
}
