import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git'

/**
 * isomorphic-git's HTTP client, on node's own fetch, with a deadline for each request.
 *
 * Why not `isomorphic-git/http/node`: it has no timeout, so a remote that accepts the connection
 * and then says nothing would hold a sync forever. And redirects are not followed: the request
 * carries the credentials, and a redirect (a renamed repository...) is better fixed in
 * GIT_REMOTE_URL than followed to wherever it points.
 */
export function createHttpClient(options: { timeoutMs: number; signal?: AbortSignal }): HttpClient {
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const chunks: Uint8Array[] = []
      if (request.body) for await (const chunk of request.body) chunks.push(chunk)
      const signals = [AbortSignal.timeout(options.timeoutMs), request.signal, options.signal].filter((signal) => signal !== undefined)
      const signal = AbortSignal.any(signals)
      const method = request.method ?? 'GET'
      const response = await fetch(request.url, {
        method,
        headers: request.headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
        signal,
      })
      // Read in full under the same deadline: git's answers here are a ref list or one pack.
      const body = new Uint8Array(await response.arrayBuffer())
      return {
        url: response.url || request.url,
        method,
        statusCode: response.status,
        statusMessage: response.statusText,
        headers: Object.fromEntries(response.headers),
        body: (async function* () {
          yield body
        })(),
      }
    },
  }
}
