import { useEffect, useId, useRef, useState } from 'react';
import { mayScale, prepareImage, sizeNote, type Prepared } from '../content-images/downscale';
import forms from '../../../components/forms/form.module.css';
import messages from '../../../components/forms/form-messages.module.css';
import styles from './image-field.module.css';

/** Exactly the five types the server takes (docs/product.md#images). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const ACCEPTED = new Set(IMAGE_ACCEPT.split(','));
const MAX_BYTES = 5 * 1024 * 1024;

export interface ImageFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The image the post has now (edit page). */
  currentImageUrl?: string | null;
  disabled?: boolean;
}

/** A data URL of the file: nothing to revoke later, and it reads any Blob, whichever realm made it. */
async function dataUrl(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return `data:${file.type};base64,${btoa(binary)}`;
}

/** The optional image of a post, with a live preview of the file chosen (docs/product.md#editor). */
export function ImageField({ file, onChange, currentImageUrl, disabled }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Keyed by the file it shows, so a preview of an earlier choice is never shown for a later one.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    let current = true;
    dataUrl(file).then(
      (url) => current && setPreview({ file, url }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [file]);

  // What was chosen and what will be sent, when a large photo was scaled down for it.
  const [sizes, setSizes] = useState<{ file: File; note: string } | null>(null);

  function choose(picked: File | null) {
    // A photo wider than 2,400 px is scaled down here first: a 15 MB phone photo fits then.
    if (picked && ACCEPTED.has(picked.type) && mayScale(picked)) void prepareImage(picked).then(take);
    else take(picked ? { file: picked } : null);
  }

  function take(prepared: Prepared | null) {
    setProblem(null);
    const chosen = prepared?.file ?? null;
    if (prepared) setSizes({ file: prepared.file, note: sizeNote(prepared) });
    if (chosen && !ACCEPTED.has(chosen.type)) {
      setProblem('Choose a JPEG, PNG, WebP, GIF or AVIF image.');
      if (input.current) input.current.value = '';
      onChange(null);
      return;
    }
    if (chosen && chosen.size > MAX_BYTES) {
      setProblem('The image is larger than 5 MB. Choose a smaller one.');
      if (input.current) input.current.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  }

  function clear() {
    if (input.current) input.current.value = '';
    onChange(null);
    input.current?.focus();
  }

  return (
    <div className={forms.field}>
      <label htmlFor={id}>{currentImageUrl ? 'New image (optional)' : 'Image (optional)'}</label>
      {currentImageUrl ? (
        <figure className={styles.imageFigure}>
          <img src={currentImageUrl} alt="Current image of the post" className={styles.imagePreview} />
          <figcaption>Current image</figcaption>
        </figure>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        name="image"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className={forms.hint}>
        JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
      </p>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={messages.error}>
          {problem}
        </p>
      ) : null}
      {file && preview?.file === file ? (
        <figure className={styles.imageFigure}>
          <img src={preview.url} alt="Preview of the chosen image" className={styles.imagePreview} />
          <figcaption>
            {currentImageUrl ? 'New image' : 'Chosen image'}: {file.name}
            {sizes?.file === file ? ` (${sizes.note})` : ''}{' '}
            <button type="button" className={styles.link} onClick={clear} disabled={disabled}>
              Remove
            </button>
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
