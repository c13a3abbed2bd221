import { LOCATION_POINT_PATH } from '../../contract/calls'

/** Pin size beside an address, px. */
const PIN_SIZE = 16

/**
 * The location-point image of 001 §7 beside a venue address. Decorative: the address text (or
 * its map link) says everything, so the image has an empty alt.
 */
export function LocationPin() {
  return <img className="location-pin" src={LOCATION_POINT_PATH} alt="" width={PIN_SIZE} height={PIN_SIZE} aria-hidden="true" />
}
