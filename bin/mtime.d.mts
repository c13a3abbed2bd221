/** Types of bin/mtime.mjs. */
export declare function newestMtime(target: string): number
