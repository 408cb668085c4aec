import { useState } from 'react'
import { Star } from './icons.tsx'
import { TESTIMONIALS, type Testimonial } from './landing-data.ts'

const GRID_ID = 'testimonials-grid'

/**
 * SPEC §2/§4/§9: the grid is collapsed to 450 px until "View more" expands it (to 3000 px at
 * most); "View less" collapses it again. The two heights are CSS classes (no inline styles).
 */
export function Testimonials() {
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
          <p className="section-header__eyebrow">Testimonials</p>
          <h2 id="testimonials-title">Loved on every screen</h2>
          <p className="testimonials__count">
            <strong>+50 thousand users</strong> enjoy the product
          </p>
        </header>
        <ul
          id={GRID_ID}
          className={`testimonials__grid ${expanded ? 'testimonials__grid--expanded' : 'testimonials__grid--collapsed'}`}
        >
          {TESTIMONIALS.map((testimonial) => (
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
