import { z } from 'zod'

/**
 * A drawing's import warning as the console API answers it (the import report and the studio's
 * plan): its code and params, as the engine gives them (src/engine/parse/warnings.ts, the one home
 * of the codes; the contract imports no engine, so the code is a string here), `times` alike
 * warnings the drawing gave, and `text`, the warning in English, for clients that show it as is.
 * The console words it in the operator's language from the code (src/app/admin/studio/warningTexts.ts).
 */
export const venueWarningSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  times: z.number().int(),
  text: z.string(),
})
export type VenueWarningView = z.infer<typeof venueWarningSchema>

/** The warnings' field beside the English `warnings` (string[], kept as it was for older clients). */
export const warningDetailsSchema = z.array(venueWarningSchema)
