import { spawnSync } from 'node:child_process'

/**
 * Feeds read by Python's ElementTree over expat, a strict XML 1.0 parser (what a feed reader
 * uses). The parsers in node_modules are lenient: sax and fast-xml-parser accept a stray `]]>`,
 * a forbidden character or markup after the root element, and fast-xml-parser leaves `&#13;` as
 * it is. Many documents in one process; Debian ships python3.
 */
const READ = `
import json, sys, xml.etree.ElementTree as ET
ATOM = '{http://www.w3.org/2005/Atom}'
CONTENT = '{http://purl.org/rss/1.0/modules/content/}'
out = []
for document in json.load(sys.stdin):
    try:
        root = ET.fromstring(document.encode('utf-8'))
        items = []
        if root.tag == 'rss':
            for item in root.find('channel').findall('item'):
                items.append(dict(title=item.findtext('title'), link=item.findtext('link'), id=item.findtext('guid'),
                                  summary=item.findtext('description'), content=item.findtext(CONTENT + 'encoded'),
                                  categories=[category.text or '' for category in item.findall('category')]))
        elif root.tag == ATOM + 'feed':
            for entry in root.findall(ATOM + 'entry'):
                link = entry.find(ATOM + 'link')
                items.append(dict(title=entry.findtext(ATOM + 'title'), link=None if link is None else link.get('href'),
                                  id=entry.findtext(ATOM + 'id'), summary=entry.findtext(ATOM + 'summary'),
                                  content=entry.findtext(ATOM + 'content'),
                                  categories=[category.get('label') for category in entry.findall(ATOM + 'category')]))
        else:
            raise ValueError('neither RSS nor Atom: ' + root.tag)
        out.append(dict(items=items))
    except Exception as error:
        out.append(dict(error=str(error)))
json.dump(out, sys.stdout)
`

export interface StrictFeedItem {
  title: string | null
  link: string | null
  id: string | null
  /** RSS `description` (HTML), Atom `summary` (text). */
  summary: string | null
  /** RSS `content:encoded`, Atom `content` (both HTML). */
  content: string | null
  /** RSS `category` text, Atom `category@label`. */
  categories: string[]
}

export type StrictFeed = { items: StrictFeedItem[] } | { error: string }

/** Each document's items (text decoded as XML says), or the parser's complaint when it is not well-formed. */
export function readFeedsStrictly(documents: readonly string[]): StrictFeed[] {
  const run = spawnSync('python3', ['-c', READ], { input: JSON.stringify(documents), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (run.error || run.status !== 0) throw new Error(`python3 (the strict XML parser) did not run: ${run.error?.message ?? run.stderr}`)
  return JSON.parse(run.stdout) as StrictFeed[]
}
