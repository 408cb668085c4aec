import { RichText } from '../../renderer/components/RichText.tsx'
import type { LegalBlock, LegalContent } from '../../core/site-content/legal.ts'
import { useSiteData } from '../../renderer/site-data.ts'
import './legal.css'

type LegalSection = LegalContent['sections'][number]

/** SPEC §2 legal page: Terms of Service, Privacy Policy, Disclaimer. Its copy: content/site/legal.yaml. */
export default function Page() {
  const copy = useSiteData<'legal'>()
  return (
    <div className="container legal">
      <header className="page-header">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
        <p className="legal__updated">{copy.updated}</p>
      </header>

      <nav className="legal__toc" aria-label="On this page">
        {copy.sections
          .filter((section) => section.inContents)
          .map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.title}
            </a>
          ))}
      </nav>

      <div className="legal__body prose">
        {copy.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </div>
    </div>
  )
}

function Section(props: { section: LegalSection }) {
  const { id, title, blocks, topics } = props.section
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Blocks blocks={blocks} />
      {topics.map((topic) => (
        <Topic key={topic.id} {...topic} />
      ))}
    </section>
  )
}

function Topic(props: { id: string; title: string; blocks: LegalBlock[] }) {
  return (
    <>
      <h3 id={props.id}>{props.title}</h3>
      <Blocks blocks={props.blocks} />
    </>
  )
}

function Blocks(props: { blocks: LegalBlock[] }) {
  return props.blocks.map((block, index) =>
    typeof block === 'object' ? (
      <ul key={index}>
        {block.list.map((item, itemIndex) => (
          <li key={itemIndex}>
            <RichText text={item} />
          </li>
        ))}
      </ul>
    ) : (
      <p key={index}>
        <RichText text={block} />
      </p>
    ),
  )
}
