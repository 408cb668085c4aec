import { readConfigText } from './config-text.ts'

/**
 * What git's fsck checks in the content of a `.gitmodules` and a `.gitattributes` (fsck.c,
 * fsck_blob, git 2.39), wherever in the tree one is: the server never checks a submodule out, but
 * the repository is also cloned by maintainers, and `git clone --recurse-submodules` of a hostile
 * `.gitmodules` once ran commands (CVE-2018-17456, CVE-2019-19604) or sent credentials to another
 * host (CVE-2020-5260, CVE-2020-11008); git refuses such a file on fetch with
 * transfer.fsckObjects, and so does this server, on every pull. Pure: the caller reads the blob.
 *
 * A `.gitmodules` git cannot read as a config file is accepted as git accepts it (gitmodulesParse
 * is only a note): the entries before the line it cannot read are checked, as git checks them.
 */

/** Why git's fsck refuses this `.gitmodules`, with its message id; null when it accepts it. */
export function gitmodulesProblem(bytes: Uint8Array): string | null {
  let problem: string | null = null
  readConfigText(bytes, (name, value) => {
    problem ??= submoduleEntryProblem(name, value)
  })
  return problem
}

/** git's limits for a `.gitattributes` (attr.h: ATTR_MAX_FILE_SIZE, ATTR_MAX_LINE_LENGTH). */
export const MAX_GITATTRIBUTES_BYTES = 100 * 1024 * 1024
export const MAX_GITATTRIBUTES_LINE = 2048

/** Why git's fsck refuses this `.gitattributes` (too large, or a line too long for git to read), with its message id; null when it accepts it. */
export function gitattributesProblem(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_GITATTRIBUTES_BYTES) return `is larger than git reads (100 MB) (gitattributesLarge)`
  // Lines up to the first NUL byte, where git stops looking (it reads the file as a C string).
  let lineStart = 0
  for (let i = 0; i <= bytes.length; i++) {
    const byte = i < bytes.length ? bytes[i] : 0
    if (byte !== 0x0a && byte !== 0) continue
    if (i - lineStart >= MAX_GITATTRIBUTES_LINE) return `has a line of ${MAX_GITATTRIBUTES_LINE} bytes or more, longer than git reads (gitattributesLineLength)`
    if (byte === 0) break
    lineStart = i + 1
  }
  return null
}

/** fsck.c, fsck_gitmodules_fn: one entry of the file; only `submodule.<name>.<key>` entries are looked at. */
function submoduleEntryProblem(name: string, value: string | null): string | null {
  const entry = submoduleKey(name)
  if (entry === null) return null
  if (isDisallowedName(cString(entry.subsection))) return 'has a submodule whose name is empty or has a .. part (gitmodulesName)'
  if (value === null) return null
  const text = cString(value)
  if (entry.key === 'url' && isDisallowedUrl(text)) return 'has a submodule url git refuses to clone: it starts with -, or holds a line break, or climbs above its remote with ../ into the host, or names no host (gitmodulesUrl)'
  if (entry.key === 'path' && text.startsWith('-')) return 'has a submodule path that starts with -, which a command would read as an option (gitmodulesPath)'
  if (entry.key === 'update' && text.startsWith('!')) return 'has a submodule update setting that runs a command (!…) (gitmodulesUpdate)'
  return null
}

/** config.c, parse_config_key for "submodule": the subsection (the submodule's name) and the key, or null for any other entry. */
function submoduleKey(name: string): { subsection: string; key: string } | null {
  const section = 'submodule'
  if (!name.startsWith(section) || name[section.length] !== '.') return null
  const dot = name.lastIndexOf('.')
  if (dot === section.length) return null
  return { subsection: name.slice(section.length + 1, dot), key: name.slice(dot + 1) }
}

/** The text up to its first NUL, as git's C code reads a name or a value. */
function cString(text: string): string {
  const nul = text.indexOf('\0')
  return nul === -1 ? text : text.slice(0, nul)
}

/** submodule-config.c, check_submodule_name: empty, or `..` as a part between slashes or backslashes. */
function isDisallowedName(name: string): boolean {
  return name === '' || name.split(/[/\\]/).includes('..')
}

/** fsck.c, check_submodule_url. */
function isDisallowedUrl(url: string): boolean {
  if (url.startsWith('-')) return true
  if (isRelativeUrl(url) || url.startsWith('git://')) {
    // It may be appended to an http URL and decoded there.
    if (urlDecode(url).includes('\n')) return true
    // "../" past the remote's root can reach its host: https::example.com, https:///example.com.
    let rest = url
    let dotdots = 0
    for (;;) {
      if (startsWithDotSlash(rest, '..')) {
        dotdots++
        rest = rest.slice(3)
      } else if (startsWithDotSlash(rest, '.')) {
        rest = rest.slice(2)
      } else break
    }
    return dotdots > 0 && (rest[0] === ':' || rest[0] === '/')
  }
  const curlUrl = curlUrlOf(url)
  return curlUrl !== null && !hasHostAndNoLineBreak(curlUrl)
}

function isRelativeUrl(url: string): boolean {
  return startsWithDotSlash(url, '.') || startsWithDotSlash(url, '..')
}

/** dir.c, path_match_flags with PATH_MATCH_XPLATFORM: `dots` then a slash or a backslash. */
function startsWithDotSlash(url: string, dots: '.' | '..'): boolean {
  return url.startsWith(dots) && (url[dots.length] === '/' || url[dots.length] === '\\')
}

/** fsck.c, url_to_curl_url: the URL git would hand to git-remote-curl, or null for any other transport. */
function curlUrlOf(url: string): string | null {
  for (const helper of ['http::', 'https::', 'ftp::', 'ftps::']) {
    if (url.startsWith(helper)) return url.slice(helper.length)
  }
  return ['http://', 'https://', 'ftp://', 'ftps://'].some((scheme) => url.startsWith(scheme)) ? url : null
}

/** credential.c, credential_from_url_gently (and the host check after it): a scheme, a host, and no line break in any part once decoded. */
function hasHostAndNoLineBreak(url: string): boolean {
  const protocolEnd = url.indexOf('://')
  if (protocolEnd <= 0) return false
  const start = protocolEnd + 3
  const at = url.indexOf('@', start)
  const colon = url.indexOf(':', start)
  let slash = start
  while (slash < url.length && !'/?#'.includes(url[slash]!)) slash++
  const parts: string[] = [url.slice(0, protocolEnd)]
  let hostStart = start
  if (at !== -1 && at < slash) {
    if (colon === -1 || at <= colon) parts.push(urlDecode(url.slice(start, at)))
    else parts.push(urlDecode(url.slice(start, colon)), urlDecode(url.slice(colon + 1, at)))
    hostStart = at + 1
  }
  const host = urlDecode(url.slice(hostStart, slash))
  parts.push(host)
  let pathStart = slash
  while (url[pathStart] === '/') pathStart++
  if (pathStart < url.length) parts.push(urlDecode(url.slice(pathStart)))
  return host !== '' && !parts.some((part) => part.includes('\n'))
}

/**
 * url.c, url_decode_mem: `%XX` decoded (but not %00), up to a NUL; the part before a first `:`
 * (a scheme) is kept as it is.
 */
function urlDecode(text: string): string {
  const colon = text.indexOf(':')
  const kept = colon > 0 ? text.slice(0, colon) : ''
  let out = kept
  for (let i = kept.length; i < text.length; i++) {
    const char = text[i]!
    if (char === '\0') break
    if (char === '%' && i + 2 < text.length && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      const code = parseInt(text.slice(i + 1, i + 3), 16)
      if (code > 0) {
        out += String.fromCharCode(code)
        i += 2
        continue
      }
    }
    out += char
  }
  return out
}
