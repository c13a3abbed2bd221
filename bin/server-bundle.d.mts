/** Types of bin/server-bundle.mjs (plain JavaScript: it runs before anything compiles TypeScript). */
export declare const ROOT: string
export declare const SERVER_OUT_DIR: string
export declare const SERVER_BUNDLE: string
export declare const ENTRIES: Record<string, string>
export declare const SOURCES: string[]
export declare function hasSources(root?: string): boolean
export declare function serverBundleReason(root?: string): string | null
export declare function buildServerBundle(): Promise<void>
export declare function ensureServerBundle(): Promise<string | null>
