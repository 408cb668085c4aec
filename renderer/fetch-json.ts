/** A failed HTTP call: SPEC §8, the message is "<status>: <body text or status text>". */
export class HttpError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'HttpError'
    this.status = status
  }
}

/**
 * The one way the browser calls the API (SPEC §7, §8): cookies always sent, a non-2xx answer
 * thrown as HttpError with the status and the server's words. The public pages and the admin's
 * client both call through it, so every failure reads the same.
 */
export async function sendRequest(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { credentials: 'include', ...init })
  if (!response.ok) {
    const text = (await response.text()) || response.statusText
    throw new HttpError(response.status, `${response.status}: ${text}`)
  }
  return response
}

/** GET (or any method) with cookies, JSON back; non-2xx responses throw HttpError. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  return (await (await sendRequest(url, init)).json()) as T
}
