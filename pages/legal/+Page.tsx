import { type Block, type Inline, LEGAL_SECTIONS, type LegalSection } from './legal-sections.ts'
import './legal.css'

export default function Page() {
  return (
    <div className="container legal">
      <header className="page-header">
        <h1>Legal</h1>
        <p>Terms of Service, Privacy Policy and Disclaimer</p>
        <p className="legal__updated">Last updated October 2025</p>
      </header>

      <nav className="legal__toc" aria-label="On this page">
        {LEGAL_SECTIONS.filter((section) => section.inContents).map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.title}
          </a>
        ))}
      </nav>

      <div className="legal__body prose">
        {LEGAL_SECTIONS.map((section) => (
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

function Topic(props: { id: string; title: string; blocks: Block[] }) {
  return (
    <>
      <h3 id={props.id}>{props.title}</h3>
      <Blocks blocks={props.blocks} />
    </>
  )
}

function Blocks(props: { blocks: Block[] }) {
  return props.blocks.map((block, index) =>
    typeof block === 'object' && 'list' in block ? (
      <ul key={index}>
        {block.list.map((item, itemIndex) => (
          <li key={itemIndex}>
            <Inlines text={item} />
          </li>
        ))}
      </ul>
    ) : (
      <p key={index}>
        <Inlines text={block} />
      </p>
    ),
  )
}

function Inlines(props: { text: string | Inline[] }) {
  if (typeof props.text === 'string') return props.text
  return props.text.map((inline, index) => {
    if (typeof inline === 'string') return inline
    if ('strong' in inline) return <strong key={index}>{inline.strong}</strong>
    return (
      <a key={index} href={inline.href}>
        {inline.link}
      </a>
    )
  })
}
