import type { LOGO_SLOTS } from '../../../contract/admin/offers'
import type { Db } from '../../db/connect'
import { bumpSetupVersion, readSetting, writeSettings } from '../../domain/settings/repository'
import { writeAudit } from '../audit'

import type { Actor } from '../context'
import { resizeImage, storeImage, type Box } from './upload'
import { tx } from '../transaction'

/**
 * Shop logos (issue 17 item 2, setup flags "logos"): uploaded like event posters (sharp, WebP,
 * content-hash name cached for good), then the chosen logo field of the stored setup points at it.
 */

/**
 * The logo box: twice the widest logo the setup allows (logo_width ≤ 600 px) so high-density
 * screens stay sharp; a header logo is wide and low, so 400 px of height is plenty.
 */
export const LOGO_BOX: Box = { width: 1200, height: 400 }

const asObject = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

/**
 * Resizes and stores the logo, sets setup's app[slot] to its URL (other keys kept) and audits it;
 * answers the setup's new version too. The upload writes the stored setup, so it counts as a
 * change of it (settings/repository.ts bumpSetupVersion): a setup form loaded before it would
 * otherwise save the old logo field back unrefused. It needs no version of its own: it sets one
 * field over what is stored, putting back nothing.
 */
export async function uploadShopLogo(db: Db, actor: Actor, input: { slot: (typeof LOGO_SLOTS)[number]; name: string; data: string }) {
  const resized = await resizeImage(Buffer.from(input.data, 'base64'), LOGO_BOX)
  return tx(db, actor, async (trx) => {
    // First: the version row's lock orders this write with the setup's saves (updateShell). Never
    // refused: a missing row is made again (bumpSetupVersion).
    const version = await bumpSetupVersion(trx)
    const { imageId, fileName, url } = await storeImage(trx, resized)
    const app = asObject(await readSetting(trx, 'app'))
    const before = typeof app[input.slot] === 'string' ? app[input.slot] : ''
    await writeSettings(trx, { app: { ...app, [input.slot]: url } })
    await writeAudit(trx, actor, { action: 'upload-logo', entity: 'setup', entityId: 'shop', before: { [input.slot]: before }, after: { [input.slot]: url, image_id: imageId, file: fileName, source: input.name, width: resized.width, height: resized.height } })
    return { image_id: imageId, url, width: resized.width, height: resized.height, bytes: resized.body.length, version }
  })
}
