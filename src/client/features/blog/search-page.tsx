import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import type { SearchResult } from '../../../shared/api-types';
import { searchKey } from '../../../shared/text/search-key';
import type { PrefetchContext, PrefetchResult } from '../../lib/page-module';
import { Seo } from '../../components/seo/seo';
import { blogCopy } from './blog-copy';
import { Pager } from './pager';
import { requestedPage } from './page-numbers';
import { SearchForm } from './search-form';
import { searchCopy } from './search-copy';
import { Snippet } from './snippet';
import { readingTimeText } from './tag-links';
import { prefetchSearchPage, useSearchPage } from './use-search-page';
import listStyles from './blog-list-page.module.css';
import styles from './search-page.module.css';

// In the form the server caches the page under, so that its HTML and this render agree.
const queryOf = (searchParams: URLSearchParams) => searchKey(searchParams.get('q') ?? '');

/**
 * The server renders the results with the page; a query the API refuses answers 400.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ store, searchParams }: PrefetchContext): Promise<PrefetchResult | void> {
  const q = queryOf(searchParams);
  if (!q) return;
  const status = await prefetchSearchPage(store, q, requestedPage(searchParams.get('page')));
  if (status) return { status };
}

/** `/blog/search?q=…&page=N`: the form, and for a query its results ten a page. Kept out of search engines. */
export default function SearchPage() {
  const [searchParams] = useSearchParams();
  const q = queryOf(searchParams);
  return (
    <div className={`container ${listStyles.page}`}>
      <Seo title={q ? `Search: ${q} | Blog` : 'Search | Blog'} description={searchCopy.description} path={paths.blogSearch} noindex />
      <header className={listStyles.header}>
        <h1>{searchCopy.heading}</h1>
      </header>
      <SearchForm key={`form ${q}`} query={q} />
      {/* Keyed by the query: another query is another list, whose pager starts afresh. */}
      {q ? <SearchResults key={`results ${q}`} q={q} /> : null}
    </div>
  );
}

function SearchResults({ q }: { q: string }) {
  const { pager, goTo, found, problem } = useSearchPage(q);
  if (problem) {
    return (
      <p role="alert" className={listStyles.error}>
        {problem.kind === 'refused' ? problem.message : searchCopy.failed}
      </p>
    );
  }
  if (!found) {
    return (
      <p role="status" className={listStyles.status}>
        {blogCopy.loading}
      </p>
    );
  }
  return (
    <>
      <p role="status" className={listStyles.status}>
        {found.total === 0 ? searchCopy.noMatch(q) : searchCopy.matches(found.total, q)}
      </p>
      {found.results.length > 0 ? (
        <ol className={styles.results}>
          {found.results.map((result) => (
            <li key={result.post._id}>
              <ResultItem result={result} />
            </li>
          ))}
        </ol>
      ) : null}
      <Pager page={pager.page} pageCount={pager.pageCount} onPage={goTo} label="Search result pages" />
    </>
  );
}

function ResultItem({ result: { post, snippet } }: { result: SearchResult }) {
  const readingTime = readingTimeText(post.readingMinutes);
  return (
    <article className={styles.result}>
      <h2 className={styles.title}>
        <Link to={paths.blogPost(post.slug)}>{post.title}</Link>
      </h2>
      <Snippet snippet={snippet} className={styles.snippet} />
      {readingTime ? <p className={styles.meta}>{readingTime}</p> : null}
    </article>
  );
}
