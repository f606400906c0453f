/** Shown while a page's code arrives on a client-side navigation. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="page-loading">
      Loading...
    </div>
  );
}
