import type { ReactNode } from 'react'

export interface FieldChange {
  key: string
  label: ReactNode
  before: ReactNode
  after: ReactNode
}

/** The fields that differ between a version and the current one: a post's, a site file's. */
export function FieldChanges(props: { changes: FieldChange[] }) {
  return (
    <table className="admin-compare__fields">
      <caption className="visually-hidden">Fields that differ</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">This version</th>
          <th scope="col" aria-hidden="true" />
          <th scope="col">Current</th>
        </tr>
      </thead>
      <tbody>
        {props.changes.map((change) => (
          <tr key={change.key}>
            <th scope="row">{change.label}</th>
            <td>
              <del>{change.before}</del>
            </td>
            <td aria-hidden="true">→</td>
            <td>
              <ins>{change.after}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
