import { useId, useState } from 'react';
import forms from '../../components/forms/form.module.css';
import { ErrorMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import { IMAGE_ACCEPT, useUploadImageMutation } from '../posts-admin';
import styles from './case-studies-admin.module.css';

interface CoverFieldProps {
  url: string;
  alt: string;
  onUrl: (url: string) => void;
  onAlt: (alt: string) => void;
  disabled?: boolean;
}

/**
 * The cover: uploaded at once through the image pipeline (its versions and size made by the
 * server), shown as chosen, with the alternative text it must have.
 */
export function CoverField({ url, alt, onUrl, onAlt, disabled }: CoverFieldProps) {
  const id = useId();
  const [upload, uploading] = useUploadImageMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    try {
      onUrl((await upload({ file }).unwrap()).url);
    } catch (failure) {
      setProblem(apiErrorMessage(failure, 'The image could not be uploaded.'));
    }
  };

  return (
    <fieldset className={styles.group}>
      <legend>Cover image</legend>
      {url ? <img src={url} alt={alt ? `Cover: ${alt}` : 'The cover chosen'} className={styles.coverPreview} /> : null}
      <div className={forms.field}>
        <label htmlFor={`${id}-file`}>{url ? 'Replace the cover image' : 'Cover image'}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={disabled || uploading.isLoading}
          required={!url}
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <p id={`${id}-file-hint`} className={forms.hint}>
          {uploading.isLoading ? 'Uploading...' : 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. Shown at 4:3 on the tiles.'}
        </p>
        <ErrorMessage>{problem}</ErrorMessage>
      </div>
      <div className={forms.field}>
        <label htmlFor={`${id}-alt`}>Cover image alt text</label>
        <input id={`${id}-alt`} required maxLength={250} value={alt} disabled={disabled} aria-describedby={`${id}-alt-hint`} onChange={(event) => onAlt(event.target.value)} />
        <p id={`${id}-alt-hint`} className={forms.hint}>
          What the image shows, for visitors who cannot see it.
        </p>
      </div>
    </fieldset>
  );
}
