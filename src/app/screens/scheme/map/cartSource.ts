import { cartSeatIds, useCart } from '../../../state/cart'
import type { CartSource } from './SchemeMapController'

/** The storefront's cart store as the map controller reads it: held seat ids, and their changes. */
export const storefrontCart: CartSource = {
  seatIds: () => cartSeatIds(useCart.getState().items),
  subscribe: (listener) => useCart.subscribe((state, previous) => {
    if (state.items !== previous.items) listener()
  }),
}
