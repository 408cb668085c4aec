// Types of compile-server.mjs, for the tests that import it (tests/support/ensure-build.ts).
export declare const SERVER_ENTRIES: Record<string, string>
export declare const COMPILED_DIR: string
export declare const EXTERNAL: string[]
export declare function hashServerInputs(root: string): Promise<string>
export declare function readCompiledHash(root: string): Promise<string | null>
export declare function compileServer(options: { root: string; force?: boolean; log?: (line: string) => void }): Promise<{ serverHash: string; compiled: boolean }>
