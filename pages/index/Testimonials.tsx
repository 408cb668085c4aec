import { useState } from 'react'
import { RichText } from '../../renderer/components/RichText.tsx'
import type { LandingContent } from '../../core/site-content/landing.ts'
import { Star } from './icons.tsx'

type Testimonial = LandingContent['testimonials']['items'][number]

const GRID_ID = 'testimonials-grid'

/**
 * SPEC §2/§4/§9: the grid is collapsed to 450 px until "View more" expands it (to 3000 px at
 * most); "View less" collapses it again. The two heights are CSS classes (no inline styles).
 */
export function Testimonials({ testimonials }: { testimonials: LandingContent['testimonials'] }) {
  const [expanded, setExpanded] = useState(false)

  const toggle = () => {
    setExpanded(!expanded)
    // Collapsing far down the page would leave the reader below the section: bring its top back.
    const section = document.getElementById('testimonials')
    if (expanded && section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' })
  }

  return (
    <section id="testimonials" className="landing-section" aria-labelledby="testimonials-title">
      <div className="container">
        <header className="section-header">
          <p className="section-header__eyebrow">{testimonials.eyebrow}</p>
          <h2 id="testimonials-title">{testimonials.title}</h2>
          <p className="testimonials__count">
            <RichText text={testimonials.count} />
          </p>
        </header>
        <ul
          id={GRID_ID}
          className={`testimonials__grid ${expanded ? 'testimonials__grid--expanded' : 'testimonials__grid--collapsed'}`}
        >
          {testimonials.items.map((testimonial) => (
            <TestimonialCard key={testimonial.username} testimonial={testimonial} />
          ))}
        </ul>
        <div className="testimonials__toggle">
          <button type="button" className="button" aria-expanded={expanded} aria-controls={GRID_ID} onClick={toggle}>
            {expanded ? 'View less' : 'View more'}
          </button>
        </div>
      </div>
    </section>
  )
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="testimonial">
      <figure className="testimonial__figure">
        <div className="stars" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
          {Array.from({ length: testimonial.rating }, (_, i) => (
            <Star key={i} />
          ))}
        </div>
        <h3 className="testimonial__title">{testimonial.title}</h3>
        <blockquote className="testimonial__review">
          <p>{testimonial.review}</p>
        </blockquote>
        <figcaption className="testimonial__author">
          <span className="testimonial__flag" role="img" aria-label={testimonial.country}>
            {testimonial.flag}
          </span>
          <span className="testimonial__username">{testimonial.username}</span>
        </figcaption>
      </figure>
    </li>
  )
}
