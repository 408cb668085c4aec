/** A failed HTTP call: SPEC §8, the message is "<status>: <body text or status text>". */
export class HttpError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'HttpError'
    this.status = status
  }
}

/** GET (or any method) with cookies, JSON in and out; non-2xx responses throw HttpError. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { credentials: 'include', ...init })
  if (!response.ok) {
    const text = (await response.text()) || response.statusText
    throw new HttpError(response.status, `${response.status}: ${text}`)
  }
  return (await response.json()) as T
}
