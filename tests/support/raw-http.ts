import http from 'node:http'

/**
 * One HTTP request with exactly the headers given, Host included (fetch sets Host itself and
 * ignores one passed in): for what a forged request looks like on the wire.
 */
export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(baseUrl)
  const headers = { ...options.headers }
  if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body))
  return new Promise((resolve, reject) => {
    // The path as given, byte for byte: a URL object would resolve its `..` and `.` segments.
    const request = http.request(url, { method: options.method, path: options.path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(options.body)
  })
}
