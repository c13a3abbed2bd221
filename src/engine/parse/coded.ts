/**
 * What a drawing's refusals (refusals.ts) and import warnings (warnings.ts) share: each is a code
 * and its params, never a sentence, typed by a map of every code to its params, and worded by a
 * table of one function a code (the engine's English there; the operator's languages in the
 * server's and the console's tables).
 */

/** One message of the code → params map `P`: `{ code, params }` with its code's params (a union over the codes, narrowed by `code`). */
export type CodedMessage<P> = { [C in keyof P]: { code: C; params: P[C] } }[keyof P]

/** A wording of every code of `P`: a function of that code's params (and of `Args`, such as a number format) giving the sentence. */
export type CodedWording<P, Args extends unknown[] = []> = { [C in keyof P]: (p: P[C], ...args: Args) => string }

/** The sentence `wording` gives `message` (a lookup by a code of the union loses the code's link to its params: the one cast is here). */
export function wordCoded<P, Args extends unknown[]>(wording: CodedWording<P, Args>, message: CodedMessage<P>, ...args: Args): string {
  return (wording[message.code] as (p: CodedMessage<P>['params'], ...args: Args) => string)(message.params, ...args)
}
