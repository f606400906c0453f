import { useState, type FormEvent } from 'react';
import type { ImportJob } from '../../../shared/contract/imports';
import forms from '../../components/forms/form.module.css';
import { ErrorMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ImportProgress } from './import-progress';
import { useStartImportMutation, useUploadExportMutation } from './import-api';
import { DryRunReport } from './dry-run-report';
import styles from './import.module.css';

/** Moving in from WordPress or Ghost (docs/product.md#import): a dry run first, then the import with its progress. */
export default function ImportPage() {
  const heading = usePageHeading();
  const [dryRun, setDryRun] = useState<ImportJob | null>(null);
  const [started, setStarted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [uploadExport, uploading] = useUploadExportMutation();
  const [startImport, starting] = useStartImportMutation();

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setDryRun(null);
    setStarted(false);
    const fields = event.currentTarget.elements;
    const fileOf = (name: string) => (fields.namedItem(name) as HTMLInputElement | null)?.files?.[0];
    const form = new FormData();
    const exported = fileOf('export');
    const archive = fileOf('archive');
    const siteUrl = (fields.namedItem('siteUrl') as HTMLInputElement | null)?.value.trim();
    // Said in the page's own words, beside the other refusals, rather than by the browser's bubble.
    if (!exported) {
      setFailure('Choose the export file first.');
      return;
    }
    form.append('export', exported, exported.name);
    if (archive) form.append('archive', archive, archive.name);
    if (siteUrl) form.append('siteUrl', siteUrl);
    try {
      setDryRun(await uploadExport({ form, onProgress: ({ loaded, total }) => setUploaded(total ? Math.round((loaded / total) * 100) : null) }).unwrap());
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The export could not be read.'));
    }
  };
  const run = async () => {
    if (!dryRun) return;
    setFailure(null);
    try {
      await startImport(dryRun._id).unwrap();
      setStarted(true);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The import could not start.'));
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Import" description="Bring posts, images and addresses over from WordPress or Ghost." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Import
      </h1>
      <p className={styles.lead}>
        Bring your posts over from WordPress (Tools → Export → All content) or Ghost (Settings → Labs → Export your content). You see what the file holds
        before anything is imported; importing the same file again adds nothing twice.
      </p>
      <form className={forms.form} onSubmit={(event) => void check(event)}>
        <div className={forms.field}>
          <label htmlFor="import-export">Export file</label>
          <input id="import-export" name="export" type="file" aria-required="true" accept=".xml,.json,application/xml,text/xml,application/json" aria-describedby="import-export-hint" />
          <p id="import-export-hint" className={forms.hint}>
            The WordPress .xml file or the Ghost .json file.
          </p>
        </div>
        <div className={forms.field}>
          <label htmlFor="import-archive">Uploads folder as a zip (optional)</label>
          <input id="import-archive" name="archive" type="file" accept=".zip,application/zip" aria-describedby="import-archive-hint" />
          <p id="import-archive-hint" className={forms.hint}>
            wp-content/uploads or Ghost&apos;s content/images, zipped. Without it, images are downloaded from the old site&apos;s https:// addresses.
          </p>
        </div>
        <div className={forms.field}>
          <label htmlFor="import-site">Old site address (optional)</label>
          <input id="import-site" name="siteUrl" type="url" placeholder="https://old-site.example" aria-describedby="import-site-hint" />
          <p id="import-site-hint" className={forms.hint}>
            Needed for Ghost exports, whose images name the site as __GHOST_URL__.
          </p>
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.secondary} disabled={uploading.isLoading || started}>
            {uploading.isLoading ? (uploaded !== null && uploaded < 100 ? `Uploading... ${uploaded}%` : 'Reading the export...') : 'Check the export'}
          </button>
        </div>
      </form>
      <ErrorMessage>{failure}</ErrorMessage>
      {dryRun ? <DryRunReport job={dryRun} /> : null}
      {dryRun && !started ? (
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => void run()} disabled={starting.isLoading || dryRun.total === 0}>
            Import {dryRun.total === 1 ? '1 post' : `${dryRun.total} posts`}
          </button>
        </div>
      ) : null}
      {dryRun && started ? <ImportProgress id={dryRun._id} /> : null}
    </div>
  );
}
