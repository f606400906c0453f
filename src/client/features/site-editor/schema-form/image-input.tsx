import { useEffect, useRef, useState } from 'react';
import type { ContentImage } from '../../../../shared/contract/site/settings';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { IMAGE_ACCEPT, prepareImage, useUploadImageMutation } from '../../posts-admin';
import forms from '../../../components/forms/form.module.css';
import buttons from '../../../components/ui/buttons.module.css';
import { describedBy, FieldHint } from './field-hint';
import { useFieldContext } from './field-context';
import { fieldId, type FieldPath, type SchemaNode } from './schema-node';
import styles from './schema-form.module.css';

interface ImageInputProps {
  node: SchemaNode;
  path: FieldPath;
  value: ContentImage | null;
  label: string;
  /** Whether the image may be left out (a testimonial's photo, a service page's hero image). */
  optional: boolean;
}

/**
 * An image of the content: the one shown now, a file to replace it with (uploaded at once through
 * the image pipeline, as the post editor's images are) and its alternative text.
 */
export function ImageInput({ node, path, value, label, optional }: ImageInputProps) {
  const { part, onChange, problems, disabled } = useFieldContext();
  const [uploadImage] = useUploadImageMutation();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const pending = useRef<{ abort: () => void } | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const id = fieldId(part, path);
  const altId = fieldId(part, [...path, 'alt']);
  const problem = problems.get(id) ?? problems.get(fieldId(part, [...path, 'src']));
  const altProblem = problems.get(altId);

  async function upload(chosen: File | undefined) {
    if (!chosen) return;
    setFailure(null);
    if (!IMAGE_ACCEPT.split(',').includes(chosen.type)) {
      setFailure('Choose a JPEG, PNG, WebP, GIF or AVIF image.');
      return;
    }
    setStatus(`Uploading ${chosen.name}…`);
    const request = uploadImage({ file: (await prepareImage(chosen)).file });
    pending.current = request;
    try {
      const image = await request.unwrap();
      // A new picture needs its own description: the old one is kept only as a start.
      onChange(path, { src: image.url, alt: value?.alt ?? '', width: image.width, height: image.height });
      setStatus(`${chosen.name} uploaded. Describe it in “Alt text”.`);
    } catch (error) {
      setStatus(null);
      setFailure(apiErrorMessage(error, 'The image could not be uploaded.'));
    } finally {
      pending.current = null;
      if (file.current) file.current.value = '';
    }
  }

  return (
    <fieldset id={id} className={styles.image} tabIndex={-1} aria-describedby={describedBy(id, node.description, problem)}>
      <legend>{label}</legend>
      {value?.src ? <img src={value.src} alt="" className={styles.thumbnail} width={value.width} height={value.height} /> : <p className={forms.hint}>No image.</p>}
      <div className={forms.field}>
        <label htmlFor={`${id}.file`}>{value?.src ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}</label>
        <input ref={file} id={`${id}.file`} type="file" accept={IMAGE_ACCEPT} disabled={disabled} onChange={(event) => void upload(event.target.files?.[0])} />
        <p role="status" className={forms.hint}>
          {status}
        </p>
        {failure ? (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        ) : null}
      </div>
      {value ? (
        <div className={forms.field}>
          <label htmlFor={altId}>Alt text</label>
          <input
            id={altId}
            type="text"
            maxLength={250}
            disabled={disabled}
            value={value.alt}
            aria-describedby={describedBy(altId, 'What the image shows, for people who cannot see it.', altProblem)}
            aria-invalid={altProblem ? true : undefined}
            onChange={(event) => onChange(path, { ...value, alt: event.target.value })}
          />
          <FieldHint id={altId} description="What the image shows, for people who cannot see it." problem={altProblem} />
        </div>
      ) : null}
      {optional && value ? (
        <button type="button" className={buttons.secondary} disabled={disabled} onClick={() => onChange(path, null)}>
          Remove {label.toLowerCase()}
        </button>
      ) : null}
      <FieldHint id={id} description={node.description} problem={problem} />
    </fieldset>
  );
}
