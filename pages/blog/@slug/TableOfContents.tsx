import { type ContentsEntry, postContents } from '../../../renderer/post-contents.ts'

/**
 * A long post's table of contents (renderer/post-contents.ts): links to the anchors its headings
 * already have, so it needs no script. Its title's id has capitals, which no heading id of a post
 * can (core/post-html-rules.ts HEADING_ID): it never names a heading of the post.
 */
export function TableOfContents({ content }: { content: string }) {
  const entries = postContents(content)
  if (entries.length === 0) return null
  return (
    <nav className="contents" aria-labelledby="Contents-title">
      {/* Not a heading: the post's own headings keep the outline, the first of them its first h2. */}
      <p id="Contents-title" className="contents__title">
        Contents
      </p>
      <Entries entries={entries} />
    </nav>
  )
}

function Entries({ entries }: { entries: ContentsEntry[] }) {
  return (
    <ol className="contents__list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`}>{entry.text}</a>
          {entry.subsections.length > 0 && <Entries entries={entry.subsections} />}
        </li>
      ))}
    </ol>
  )
}
