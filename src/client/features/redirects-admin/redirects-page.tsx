import { useRef, useState } from 'react';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { NotFoundList } from './not-found-list';
import { RedirectForm } from './redirect-form';
import { RedirectList } from './redirect-list';
import styles from './redirects.module.css';

/** Redirects and the not-found log (docs/product.md#redirects). */
export default function RedirectsPage() {
  const heading = usePageHeading();
  const [from, setFrom] = useState('');
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const toRef = useRef<HTMLInputElement>(null);

  const startFor = (path: string) => {
    setFrom(path);
    setAnnouncement(`From is set to ${path}; say where it should go.`);
    toRef.current?.focus();
  };
  const report = {
    done: (message: string) => {
      setFailure(null);
      setAnnouncement(message);
    },
    failed: (error: unknown, fallback: string) => setFailure(apiErrorMessage(error, fallback)),
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Redirects" description="Old addresses sent to new ones, and the addresses visitors found nothing at." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Redirects
      </h1>
      <p className={styles.lead}>Send visitors and search engines from an old address to its new one. Changes apply on the live site within a second.</p>
      <StatusMessage>{announcement}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
      <div className={styles.columns}>
        <RedirectForm from={from} onFrom={setFrom} toRef={toRef} onAdded={report.done} />
        <NotFoundList onRedirect={startFor} />
      </div>
      <RedirectList onRemoved={report.done} onFailed={report.failed} />
    </div>
  );
}
