/** The server's log: one line per event, to stdout and stderr. Tests pass a silent or recording one. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ''),
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
