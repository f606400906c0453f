import { useId, useRef, useState, type FormEvent } from 'react';
import { IMAGE_ACCEPT } from '../editor/image-field';
import type { useContentImages } from './use-content-images';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import messages from '../../../components/forms/form-messages.module.css';
import styles from './content-image-panel.module.css';

/**
 * The Insert image button, the upload under way, and the question every image must answer
 * before it goes into the body: what it shows.
 */
export function ContentImagePanel({ images, disabled }: { images: ReturnType<typeof useContentImages>; disabled?: boolean }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const { state } = images;

  function submit(event: FormEvent) {
    event.preventDefault();
    images.insert(alt);
    setAlt('');
  }

  return (
    <div className={styles.panel}>
      <button type="button" className={buttons.secondary} disabled={disabled || state.kind === 'uploading' || state.kind === 'preparing'} onClick={() => fileInput.current?.click()}>
        Insert image
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label="Picture file to insert"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void images.upload(file);
        }}
      />
      <span className={forms.hint}>or paste or drop an image into the body.</span>
      <div role="status" className={styles.status}>
        {state.kind === 'preparing' ? (
          <>
            <label htmlFor={`${id}-progress`}>Preparing {state.name}…</label>
            {/* Scaling in the browser tells nobody how far it is. */}
            <progress id={`${id}-progress`} />
          </>
        ) : null}
        {state.kind === 'uploading' ? (
          <>
            <label htmlFor={`${id}-progress`}>
              Uploading {state.name} ({state.size})…{state.percent === null ? '' : ` ${state.percent} %`}
            </label>
            {state.percent === null ? <progress id={`${id}-progress`} /> : <progress id={`${id}-progress`} max={100} value={state.percent} />}
          </>
        ) : null}
        {state.kind === 'failed' ? <span className={messages.error}>{state.message}</span> : null}
      </div>
      {state.kind === 'describe' ? (
        // Not a <form>: it sits inside the post's form, and forms do not nest.
        <div className={styles.describe} role="group" aria-labelledby={`${id}-describe`}>
          <p id={`${id}-describe`}>
            {state.name} is uploaded ({state.size}; {state.image.width} × {state.image.height} px). What does it show?
          </p>
          <div className={forms.field}>
            <label htmlFor={`${id}-alt`}>Alternative text</label>
            <input
              id={`${id}-alt`}
              value={alt}
              autoFocus
              aria-describedby={`${id}-alt-hint`}
              onChange={(event) => setAlt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit(event);
              }}
            />
            <p id={`${id}-alt-hint`} className={forms.hint}>
              Say what matters in the picture for someone who cannot see it. Leave it empty only for a decorative image.
            </p>
          </div>
          <div className={buttons.actions}>
            <button type="button" className={buttons.primary} onClick={submit}>
              Insert into the body
            </button>
            <button type="button" className={buttons.secondary} onClick={images.cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
