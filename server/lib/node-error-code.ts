/** The `code` of an error thrown by node (`ENOENT`, `EEXIST`…), or undefined for any other error. */
export function nodeErrorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}
