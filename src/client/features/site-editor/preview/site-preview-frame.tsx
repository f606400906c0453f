import { Suspense, useMemo, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { SitePreview } from '../../../../shared/contract/site/api';
import { paths } from '../../../../shared/paths';
import { ErrorMessage } from '../../../components/forms/form-messages';
import { SiteFrame } from '../../../components/layout/layout';
import { PageBoundary } from '../../../components/layout/page-boundary';
import { PageLoading } from '../../../components/layout/page-loading';
import bar from '../../../components/page-frame/preview-bar.module.css';
import frame from '../../../components/page-frame/page-frame.module.css';
import { usePageHeading } from '../../../components/page-frame/use-page-heading';
import { Seo } from '../../../components/seo/seo';
import buttons from '../../../components/ui/buttons.module.css';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { SiteContentSourceContext } from '../../../lib/site-content/content-source-context';
import type { SiteContentSource } from '../../../../shared/site-content/content-source';
import { useGetSitePreviewQuery } from '../site-editor-api';
import { partLabel } from '../site-parts';
import { previewedPath, previewHref } from './preview-links';
import styles from './site-preview.module.css';

interface SitePreviewFrameProps {
  /** Whether a path is a public page the preview can draw: links to it stay in the preview. */
  isPage: (pathname: string) => boolean;
  /** The public page the address names. */
  children: ReactNode;
}

const FORMS_OFF = 'Forms do not send from a preview: nothing was sent.';

/**
 * `/admin/site/preview/{path}`: the public page at `path`, in the site's frame, with the owner's
 * unpublished draft in place of the live words, under a bar that says so. Links to the site's
 * pages stay in the preview; forms send nothing.
 */
export function SitePreviewFrame({ isPage, children }: SitePreviewFrameProps) {
  // Read afresh on each opening: the draft may have changed in the editor's tab since.
  const { data, error } = useGetSitePreviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState('');
  const page = previewedPath(pathname, search);
  const source = useMemo(() => (data ? draftSource(data) : null), [data]);

  if (!data || !source) {
    return (
      <div className={`container ${frame.page}`}>
        <Seo title="Preview" description="A preview of the site's unpublished changes." noindex />
        {error ? (
          <>
            <ErrorMessage>{apiErrorMessage(error, 'The draft could not be loaded.')}</ErrorMessage>
            <Link to={paths.adminSite}>Back to the site editor</Link>
          </>
        ) : (
          <p role="status">Loading...</p>
        )}
      </div>
    );
  }

  /** A link to one of the site's pages opens that page's preview, not the live page. */
  function followInPreview(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button > 1) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!anchor || anchor.hasAttribute('download') || anchor.closest('[data-preview-bar]')) return;
    const to = previewHref(anchor.getAttribute('href') ?? '', window.location.href, isPage);
    if (!to) return;
    event.preventDefault();
    event.stopPropagation();
    const elsewhere = event.button === 1 || event.metaKey || event.ctrlKey || event.shiftKey || anchor.getAttribute('target') === '_blank';
    if (elsewhere) window.open(to, '_blank', 'noopener');
    else {
      setNotice('');
      navigate(to);
    }
  }

  function holdForm(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setNotice(FORMS_OFF);
  }

  return (
    <SiteContentSourceContext.Provider value={source}>
      <div className={styles.capture} onClickCapture={followInPreview} onAuxClickCapture={followInPreview} onSubmitCapture={holdForm}>
        <SiteFrame banner={<PreviewBar preview={data} livePage={page} notice={notice} />}>
          <PageBoundary href={page}>
            <Suspense fallback={<PageLoading />}>{children}</Suspense>
          </PageBoundary>
        </SiteFrame>
      </div>
    </SiteContentSourceContext.Provider>
  );
}

/** The draft, where the pages read their content. */
function draftSource(preview: SitePreview): SiteContentSource {
  return {
    preview: true,
    part: (part) => preview.content[part],
    servicesOverview: () => preview.servicesOverview,
    servicePage: (slug) => preview.servicePages[slug]!,
    privacyPage: () => preview.privacy,
  };
}

function PreviewBar({ preview, livePage, notice }: { preview: SitePreview; livePage: string; notice: string }) {
  // The bar takes focus as the preview opens from a link, so a screen reader starts from what this page is.
  const heading = usePageHeading<HTMLElement>();
  const changed = preview.changedParts.map(partLabel).join(', ');
  return (
    <section ref={heading} tabIndex={-1} className={bar.bar} aria-label="Preview" data-preview-bar>
      <div className={`container ${bar.inner}`}>
        <p className={bar.text}>
          {changed
            ? `Preview of unpublished changes (${changed}): visitors do not see them until you publish.`
            : 'Preview: there are no unpublished changes, so this is the page as visitors see it.'}
        </p>
        <div className={buttons.actions}>
          <Link to={paths.adminSite} className={buttons.secondary}>
            Back to the site editor
          </Link>
          <a href={livePage} className={buttons.secondary}>
            See the live page
          </a>
        </div>
        <p role="status" className={bar.notice}>
          {notice}
        </p>
      </div>
    </section>
  );
}

/** An address inside the preview that names no page of the site. */
export function NothingToPreview() {
  return (
    <div className={`container ${frame.page}`}>
      <Seo title="Preview" description="A preview of the site's unpublished changes." noindex />
      <h1>No page here to preview</h1>
      <p>This address is not one of the site's pages.</p>
      <Link to={paths.adminSitePreview('/')}>Preview the home page</Link>
    </div>
  );
}
