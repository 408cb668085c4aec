/**
 * The part of autocannon 9's programmatic API the benchmark uses. Declared here rather than
 * installing @types/autocannon (written for 7.x): adding a package would change
 * package-lock.json, which is a build input (server/build-info.ts), and so every dist/.
 */
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    headers?: Record<string, string>
    method?: string
    timeout?: number
    title?: string
  }

  /** hdr-histogram percentiles as autocannon reports them. */
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }

  interface Result {
    url: string
    connections: number
    /** Seconds. */
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    /** Milliseconds. */
    latency: Histogram & { totalCount: number }
    /** Per second; `total` is completed requests, `sent` the ones written. */
    requests: Histogram & { sent: number }
    /** Bytes per second; `total` is all bytes read. */
    throughput: Histogram
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
  export type { Options, Result, Histogram }
}
