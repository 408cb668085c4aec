/** The abort reason that makes the error page show this screen (with HTTP 404). */
export const POST_NOT_FOUND = 'post-not-found'

export function PostNotFound() {
  return (
    <div className="container not-found">
      <h1>Post Not Found</h1>
      <p className="not-found__note">The blog post you're looking for doesn't exist or has been removed.</p>
      <a className="button button--primary" href="/blog">
        Back to Blog
      </a>
    </div>
  )
}
