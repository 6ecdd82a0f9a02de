// The body of the 404 page: unknown paths and restaurants that do not exist or are not published.
// Server-rendered HTML that works without JavaScript (a form and links, no client component).
export function NotFoundContent() {
  return (
    <main id="main" className="wrap page">
      <h1>Page not found</h1>
      <p>There is no published page at this address. A restaurant whose menu is not published is not shown.</p>
      <form className="search-form" role="search" action="/search" method="get">
        <label htmlFor="nf-q">Search restaurants</label>
        <div className="search-row">
          <input id="nf-q" name="q" type="search" autoComplete="off" />
          <button type="submit">Search</button>
        </div>
      </form>
      <p>
        <a href="/">Home</a> · <a href="/locations">Locations</a> · <a href="/cuisines">Cuisines</a>
      </p>
    </main>
  );
}
