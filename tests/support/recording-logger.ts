import type { Logger } from '../../server/lib/logger.ts'

/** A log that keeps its lines, so tests can assert what the server reported. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (message) => lines.push(`info: ${message}`),
    warn: (message) => lines.push(`warn: ${message}`),
    error: (message, error) => lines.push(`error: ${message} ${error instanceof Error ? error.message : String(error ?? '')}`),
  }
}
