/** The site's permanent redirects (`content/redirects.yaml`), as the admin API sends them. */

/** One redirect: site paths; a request for `from` answers 301 to `to`. */
export interface RedirectWire {
  from: string
  to: string
}

/** `GET /api/admin/redirects`: the redirects in force, and why the file cannot be read, if so (the last valid ones stay in force). */
export interface RedirectsList {
  redirects: RedirectWire[]
  problem: string | null
}
