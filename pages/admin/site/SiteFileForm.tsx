import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useRef } from 'react'
import { type FieldValues, FormProvider, type Resolver, useForm, useFormState, useWatch } from 'react-hook-form'
import type { SiteFileWire } from '../../../core/contract/index.ts'
import { SITE_FILES, type SiteContent, type SiteFileName } from '../../../core/site-content/index.ts'
import { keepEnterFromSubmitting, useSaveShortcut } from '../blog/use-save-shortcut.ts'
import { useUnloadPrompt } from '../blog/use-unload-prompt.ts'
import { ObjectField } from './SchemaField.tsx'
import { fieldKind } from './schema-walk.ts'
import { SiteHistory } from './SiteHistory.tsx'
import { SitePreview } from './SitePreview.tsx'
import { SiteReviewNote } from './SiteReviewNote.tsx'
import { type SaveProblem, useSiteSave } from './use-site-save.ts'

/**
 * One file of the site's copy as a form made from its schema (react-hook-form, checked by the
 * schema with zodResolver as the server checks a save): every field labelled, its problem at
 * it, focus on the first problem when a save is refused. Save (or Ctrl+S / ⌘S) is one commit.
 * The toolbar holds Save; the file's preview and history sit beside the form. `unsaved` is kept
 * true while it has changes not saved, so the Site area asks before its links leave it.
 */
export function SiteFileForm<N extends SiteFileName>(props: { file: SiteFileWire<N>; unsaved: { current: boolean } }) {
  const { name } = props.file
  const spec = SITE_FILES[name]
  const form = useForm<FieldValues>({
    // The schema's values are the form's; react-hook-form types its paths loosely here (the walker names them).
    resolver: zodResolver(spec.schema as never) as unknown as Resolver<FieldValues>,
    defaultValues: props.file.values as FieldValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  })
  const { version, problem, save, reload, taken } = useSiteSave(name, form, props.file.version)
  const { isDirty } = useFormState({ control: form.control })
  const { unsaved } = props
  useEffect(() => {
    unsaved.current = isDirty
    return () => {
      unsaved.current = false
    }
  }, [unsaved, isDirty])
  const formElement = useRef<HTMLFormElement>(null)
  useSaveShortcut(formElement, !save.isPending)
  useUnloadPrompt(useCallback(() => unsaved.current, [unsaved]))

  const kind = fieldKind(spec.schema)
  const fields = kind.kind === 'object' ? kind.fields : []
  const submit = form.handleSubmit((values) => save.mutate(values as unknown as SiteContent[N]))
  const headingId = `site-form-${name}-title`

  return (
    <div className="site-editor">
      <FormProvider {...form}>
        <form ref={formElement} className="admin-card site-form" noValidate aria-labelledby={headingId} onSubmit={submit} onKeyDown={keepEnterFromSubmitting}>
          <h2 id={headingId}>{spec.title}</h2>
          <p className="admin-hint">
            <code>{props.file.path}</code>
            {spec.pages === 'every' ? ' · shown on every page' : spec.pages.length > 0 ? ` · ${spec.pages.join(', ')}` : ' · the not-found page'}
          </p>
          <SiteReviewNote review={props.file.review} pageTitle={spec.title} />
          <ObjectField schema={spec.schema} path="" label={spec.title} legend="Fields" fields={fields} />
          <div className="admin-form__bar site-form__toolbar" role="group" aria-label="File actions">
            <SaveProblemAlert problem={problem} onReload={() => void reload()} />
            <div className="admin-alert__actions">
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </button>
              <span className="admin-hint">{isDirty ? 'Unsaved changes' : 'All changes saved'} · Ctrl+S / ⌘S saves</span>
            </div>
          </div>
        </form>
        <aside className="site-editor__side" aria-label={`Preview and history of ${spec.title}`}>
          <LivePreview name={name} pageTitle={spec.title} />
          <SiteHistory name={name} pageTitle={spec.title} version={version} onRestored={taken} />
        </aside>
      </FormProvider>
    </div>
  )
}

/** The preview follows the form's values; only it re-renders at each key, not the whole form. */
function LivePreview<N extends SiteFileName>(props: { name: N; pageTitle: string }) {
  const values = useWatch() as SiteContent[N]
  return <SitePreview name={props.name} values={values} pageTitle={props.pageTitle} />
}

function SaveProblemAlert(props: { problem: SaveProblem; onReload: () => void }) {
  if (!props.problem) return null
  return (
    <div className="admin-alert admin-alert--conflict" role="alert">
      <p>{props.problem.message}</p>
      {props.problem.kind === 'conflict' && (
        <div className="admin-alert__actions">
          <button type="button" className="button" onClick={props.onReload}>
            Load the saved version
          </button>
          <span className="admin-hint">Your changes here are replaced by it; copy any you want to keep first.</span>
        </div>
      )}
    </div>
  )
}
