import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type RefObject } from 'react';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { useUploadImageMutation, type UploadedImage } from '../admin-posts-api';
import { IMAGE_ACCEPT } from '../editor/image-field';
import { prepareImage, sizeNote } from './downscale';
import { imageMarkdown, insertImage } from './image-markdown';

const ACCEPTED = new Set(IMAGE_ACCEPT.split(','));

export type ContentImageState =
  | { kind: 'idle' }
  | { kind: 'preparing'; name: string }
  /** `percent` of the request sent, null until the browser tells (or when it cannot). */
  | { kind: 'uploading'; name: string; size: string; percent: number | null }
  | { kind: 'describe'; image: UploadedImage; name: string; size: string }
  | { kind: 'failed'; message: string };

/**
 * Images inside the body: chosen with the button, pasted or dropped, each uploaded at once and
 * then described (its alternative text) before `![alt](url)` goes in where the cursor was.
 */
export function useContentImages(textarea: RefObject<HTMLTextAreaElement | null>, onChange: (text: string) => void) {
  const [uploadImage] = useUploadImageMutation();
  const [state, setState] = useState<ContentImageState>({ kind: 'idle' });
  const [at, setAt] = useState({ start: 0, end: 0 });
  // The upload under way, cancelled when the editor goes away: nothing would take its answer.
  const pending = useRef<{ abort: () => void } | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  async function upload(file: File) {
    if (!ACCEPTED.has(file.type)) {
      setState({ kind: 'failed', message: 'Choose a JPEG, PNG, WebP, GIF or AVIF image.' });
      return;
    }
    const field = textarea.current;
    // Where the image goes: the cursor as it was when the image came, not wherever it is after the upload.
    setAt({ start: field?.selectionStart ?? field?.value.length ?? 0, end: field?.selectionEnd ?? field?.value.length ?? 0 });
    const name = file.name || 'image';
    setState({ kind: 'preparing', name });
    const prepared = await prepareImage(file);
    const size = sizeNote(prepared);
    setState({ kind: 'uploading', name, size, percent: null });
    const request = uploadImage({
      file: prepared.file,
      onProgress: ({ loaded, total }) => {
        const percent = total ? Math.min(100, Math.floor((loaded / total) * 100)) : null;
        // Progress events come many a second: the page changes (and the status is read out) once a percent.
        setState((now) => (now.kind === 'uploading' && now.name === name && now.percent !== percent ? { ...now, percent } : now));
      },
    });
    pending.current = request;
    try {
      const image = await request.unwrap();
      setState({ kind: 'describe', image, name, size });
    } catch (failure) {
      setState({ kind: 'failed', message: apiErrorMessage(failure, 'The image could not be uploaded.') });
    } finally {
      if (pending.current === request) pending.current = null;
    }
  }

  function insert(alt: string) {
    if (state.kind !== 'describe' || !textarea.current) return;
    const field = textarea.current;
    const result = insertImage(field.value, at, imageMarkdown(state.image, alt));
    onChange(result.text);
    setState({ kind: 'idle' });
    // After React has written the new text into the field.
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(result.cursor, result.cursor);
    });
  }

  /** A pasted or dropped image is uploaded; anything else is left to the textarea. */
  function takeFiles(files: FileList | null | undefined, event: ClipboardEvent | DragEvent) {
    const image = [...(files ?? [])].find((file) => file.type.startsWith('image/'));
    if (!image) return;
    event.preventDefault();
    void upload(image);
  }

  return {
    state,
    upload,
    insert,
    cancel: () => setState({ kind: 'idle' }),
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => takeFiles(event.clipboardData?.files, event),
    onDrop: (event: DragEvent<HTMLTextAreaElement>) => takeFiles(event.dataTransfer?.files, event),
  };
}
