/** What an admin page shows while it asks who is signed in. */
export function AdminLoading() {
  return (
    <div className="container admin-page">
      <p className="admin-status" role="status">
        Loading...
      </p>
    </div>
  )
}
