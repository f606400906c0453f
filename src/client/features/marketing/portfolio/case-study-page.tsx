import { Link, useParams } from 'react-router-dom';
import type { CaseStudy } from '../../../../shared/contract/case-studies';
import { paths } from '../../../../shared/paths';
import { StoredMarkdown } from '../../../components/markdown/stored-markdown';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { breadcrumbsFor } from '../../../components/seo/breadcrumbs';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { SiteImg } from '../../../components/ui/site-img';
import type { PrefetchContext, PrefetchResult } from '../../../lib/page-module';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useSiteSettings } from '../../../lib/site-content/site-content-api';
import { NotFoundPage } from '../../not-found';
import { caseStudyPage, portfolioClosing } from '../content/portfolio';
import { portfolioGrid } from '../content/portfolio-grid';
import { caseStudyApi, useGetCaseStudyQuery } from './case-study-api';
import { creativeWorkFor } from './case-study-structured-data';
import styles from './case-study-page.module.css';

/**
 * The server renders the case study with its text; an unknown or draft slug answers 404, a
 * failing API 503.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ store, params }: PrefetchContext): Promise<PrefetchResult | void> {
  const result = await store.dispatch(caseStudyApi.endpoints.getCaseStudy.initiate(params.slug ?? '', { subscribe: false }));
  if (result.error) return { status: 'status' in result.error && result.error.status === 404 ? 404 : 503 };
}

export default function CaseStudyPage() {
  const { slug = '' } = useParams();
  const { currentData: study, error } = useGetCaseStudyQuery(slug);
  if (study) return <CaseStudyView study={study} />;
  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;
  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Portfolio" description={caseStudyPage.loading} noindex />
      {error ? (
        <p role="alert">{caseStudyPage.failed}</p>
      ) : (
        <p role="status" className={styles.status}>
          {caseStudyPage.loading}
        </p>
      )}
    </div>
  );
}

function CaseStudyView({ study }: { study: CaseStudy }) {
  const { siteUrl } = useRuntimeConfig();
  const settings = useSiteSettings();
  const path = paths.caseStudy(study.slug);
  const { cover } = study;
  return (
    <>
      <article className={`container ${styles.page}`}>
        <Seo title={`${study.title} | Portfolio`} description={study.summary} path={path} type="article" image={cover.url} imageAlt={cover.alt} />
        <JsonLd data={creativeWorkFor(study, siteUrl, settings)} />
        <JsonLd data={breadcrumbsFor(siteUrl, [{ name: 'Portfolio', path: paths.portfolio }, { name: study.title, path }])} />
        <Link className={styles.back} to={paths.portfolio}>
          {caseStudyPage.back}
        </Link>
        <header className={styles.header}>
          <p className={styles.client}>
            {study.client} · {study.sector}
          </p>
          <h1 className={styles.title}>{study.title}</h1>
          <p className={styles.summary}>{study.summary}</p>
          {study.liveUrl ? (
            <p>
              <a href={study.liveUrl} target="_blank" rel="noopener noreferrer" className={styles.live}>
                {portfolioGrid.visitLabel}
                <span className="visually-hidden">{portfolioGrid.newTab}</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            </p>
          ) : null}
        </header>
        <SiteImg
          image={{ src: cover.url, ...(cover.srcSet ? { srcSet: cover.srcSet } : {}), width: cover.width, height: cover.height, alt: cover.alt }}
          sizes="(min-width: 52rem) 52rem, 100vw"
          className={styles.cover}
          priority
        />
        {study.results.length > 0 ? (
          <section aria-labelledby="case-study-results" className={styles.results}>
            <h2 id="case-study-results">{caseStudyPage.results}</h2>
            <dl className={styles.resultList}>
              {study.results.map((result, index) => (
                <div key={index} className={styles.result}>
                  <dt>{result.label}</dt>
                  <dd>{result.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {study.html ? <StoredMarkdown html={study.html} postId={study.id} className={styles.text} /> : null}
      </article>
      <CallToAction title={portfolioClosing.title} text={portfolioClosing.text}>
        <ButtonLink to={portfolioClosing.action.to} variant="accent">
          {portfolioClosing.action.label}
        </ButtonLink>
      </CallToAction>
    </>
  );
}
