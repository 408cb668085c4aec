import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useState } from 'react'
import { MAX_TAG_LENGTH, MAX_TAGS, readTags, tagSlug } from '../../../core/tags.ts'
import { adminQueries } from '../api/admin-queries.ts'
import type { FieldErrors } from './field-errors.ts'
import { FieldError, invalidProps } from './FieldError.tsx'
import './tag-field.css'

/**
 * The post's tags: chips, each with its remove button, and a text box that adds one on Enter or a
 * comma (several at once when pasted with commas), suggesting the tags in use (a datalist: the
 * browser's own list, keyboard and screen-reader friendly). What was added or removed is said
 * in a status line.
 */
export function TagField(props: { tags: readonly string[]; onChange: (tags: string[]) => void; fieldId: (name: string) => string; errors?: FieldErrors }) {
  const { tags, onChange, fieldId: field, errors } = props
  const inUse = useQuery(adminQueries.tags()).data ?? []
  const [text, setText] = useState('')
  const [said, setSaid] = useState('')
  const taken = new Set(tags.map(tagSlug))

  const add = (typed: string) => {
    const read = readTags(typed)
    if ('problem' in read) return setSaid(`Tags ${read.problem}.`)
    const added = read.tags.filter((name) => !taken.has(tagSlug(name))).slice(0, MAX_TAGS - tags.length)
    setText('')
    if (added.length === 0) return setSaid(read.tags.length > 0 && tags.length >= MAX_TAGS ? `At most ${MAX_TAGS} tags.` : '')
    onChange([...tags, ...added])
    setSaid(`Added ${added.join(', ')}.`)
  }
  const remove = (name: string) => {
    onChange(tags.filter((tag) => tag !== name))
    setSaid(`Removed ${name}.`)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter would submit the form: here it adds the tag typed.
    if ((event.key === 'Enter' || event.key === ',') && text.trim() !== '') {
      event.preventDefault()
      add(text)
    } else if (event.key === 'Enter') event.preventDefault()
  }
  const describedBy = [field('tags-hint'), invalidProps(errors, 'tags', field)['aria-describedby']].filter(Boolean).join(' ')

  return (
    <div className="admin-field admin-tag-field">
      <label htmlFor={field('tags')}>Tags</label>
      {tags.length > 0 && (
        <ul className="admin-tag-field__chips" aria-label="Tags on this post">
          {tags.map((name) => (
            <li key={name} className="admin-tag-field__chip">
              <span>{name}</span>
              <button type="button" className="admin-tag-field__remove" aria-label={`Remove the tag ${name}`} onClick={() => remove(name)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-tag-field__add">
        <input
          id={field('tags')}
          list={field('tag-suggestions')}
          value={text}
          maxLength={MAX_TAG_LENGTH * MAX_TAGS}
          autoComplete="off"
          disabled={tags.length >= MAX_TAGS}
          aria-invalid={invalidProps(errors, 'tags', field)['aria-invalid']}
          aria-describedby={describedBy}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" disabled={text.trim() === ''} onClick={() => add(text)}>
          Add tag
        </button>
      </div>
      <datalist id={field('tag-suggestions')}>
        {inUse
          .filter((tag) => !taken.has(tag.slug))
          .map((tag) => (
            <option key={tag.slug} value={tag.name} label={`${tag.name} (${tag.count} ${tag.count === 1 ? 'post' : 'posts'})`} />
          ))}
      </datalist>
      <p className="admin-hint" id={field('tags-hint')}>
        Press Enter or type a comma to add a tag; the tags in use are suggested. At most {MAX_TAGS}, each with its own page on the blog.
      </p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <FieldError errors={errors} name="tags" fieldId={field} />
    </div>
  )
}
