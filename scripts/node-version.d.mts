// Types of node-version.mjs, for its test (tests/unit/node-version.test.ts).
export declare function nodeVersionProblem(range: string | undefined, version: string): string | null
export declare function checkNodeVersion(): void
