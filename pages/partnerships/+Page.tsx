import { usePageContext } from '../../renderer/usePageContext.tsx'
import { useSiteData } from '../../renderer/site-data.ts'
import { PARTNER_ICON_PATHS } from './partner-icons.tsx'
import './partnerships.css'

/** SPEC §2 partnerships page: the partners wanted and a mail to the team. Its copy: content/site/partnerships.yaml. */
export default function Page() {
  const copy = useSiteData<'partnerships'>()
  const { supportEmail } = usePageContext().siteShared
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent(copy.contact.subject)}`
  return (
    <div className="container partnerships">
      <header className="page-header">
        <h1>{copy.title}</h1>
        <p>{copy.lead}</p>
      </header>

      <div className="partnerships__intro">
        {copy.intro.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>

      <section className="partnerships__section" aria-labelledby="partner-kinds">
        <h2 id="partner-kinds" className="partnerships__heading">
          {copy.kindsTitle}
        </h2>
        <ul className="partner-grid">
          {copy.kinds.map((kind) => (
            <li key={kind.title} className="partner-card">
              <svg className="partner-card__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                {PARTNER_ICON_PATHS[kind.icon]}
              </svg>
              <h3 className="partner-card__title">{kind.title}</h3>
              <p className="partner-card__text">{kind.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="partnerships__section" aria-labelledby="what-we-bring">
        <h2 id="what-we-bring" className="partnerships__heading">
          {copy.bringTitle}
        </h2>
        <ul className="partnerships__bring">
          {copy.bring.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="partnerships__cta" aria-labelledby="partnerships-contact">
        <h2 id="partnerships-contact">{copy.contact.title}</h2>
        <p>{copy.contact.text}</p>
        <a className="button button--primary button--large" href={mailto}>
          {copy.contact.button}
        </a>
        <p className="partnerships__address">
          {`${copy.contact.addressPrefix} `}
          <a href={mailto}>{supportEmail}</a>
        </p>
      </section>
    </div>
  )
}
