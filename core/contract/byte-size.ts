/**
 * Sizes are counted in 1024s everywhere they are shown: the upload limit is 10 × 1024 × 1024
 * bytes and both the server's 413 and the admin say "10 MB", and a file the library shows as at
 * most "10 MB" is one the limit accepts. Counted in 1000s, that same limit would read "10.5 MB".
 */
const KB = 1024
const MB = KB * KB

/** `2.3 MB`, `811 KB`, `512 bytes`, `10 MB`: a size as an admin reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} bytes`
  const kb = Math.round(bytes / KB)
  if (kb < KB) return `${kb} KB`
  return `${Number((bytes / MB).toFixed(1))} MB`
}
