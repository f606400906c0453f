import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { inProcessXhr } from '../../../../../test/support/in-process-xhr';
import { storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';
import { renderAdmin } from '../../../app/testing/admin-harness';
import { pngFile } from '../testing/images';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

/** The editor with its body, and uploads that a test may hold to watch their progress. */
async function openEditor() {
  const token = await storeOwnerToken(api);
  const xhr = inProcessXhr(api.fetch);
  const rendered = renderAdmin('/admin/new', api.fetch, xhr);
  const textarea = (await screen.findByLabelText('Body')) as HTMLTextAreaElement;
  const paste = (file: File) => fireEvent(textarea, createEvent.paste(textarea, { clipboardData: { files: [file], getData: () => '' } }));
  return { ...rendered, token, xhr, textarea, paste };
}

describe('an image uploading into the body', () => {
  it('shows how much of it is sent, as a percentage, until the server has it', async () => {
    const { xhr, paste } = await openEditor();
    const held = xhr.hold();
    paste(await pngFile('progress.png'));
    const upload = await held;
    expect(await screen.findByText(/^Uploading progress\.png \(0\.0 MB\)…$/)).toBeInTheDocument();
    // Before the browser says how far it is, the bar is indeterminate.
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('value');
    await upload.progress(0.4);
    expect(await screen.findByText(/^Uploading progress\.png \(0\.0 MB\)… 40 %$/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /40 %/ })).toHaveAttribute('value', '40');
    await upload.progress(0.995);
    expect(await screen.findByText(/… 99 %$/)).toBeInTheDocument();
    upload.release();
    expect(await screen.findByText(/progress\.png is uploaded/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says an image over the server’s limit is too large, and inserts nothing', async () => {
    const { textarea, paste } = await openEditor();
    // A GIF is never scaled in the browser (it may move), so it reaches the server as it is.
    paste(new File([new Uint8Array(6 * 1024 * 1024)], 'huge.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The image is larger than 5 MB.')).toBeInTheDocument();
    expect(textarea.value).toBe('');
  });

  it('logs out and goes to the login page when the server retired the token (401)', async () => {
    const { token, location, store, paste } = await openEditor();
    const out = await api.app.inject({ method: 'POST', url: '/api/security/sign-out-everywhere', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBeLessThan(300);
    paste(await pngFile('late.png'));
    await waitFor(() => expect(location()).toBe('/admin/login'));
    expect(store.getState().session?.status).toBe('loggedOut');
  });

  it('cancels the upload when the editor goes away', async () => {
    const { xhr, paste, unmount } = await openEditor();
    const held = xhr.hold();
    paste(await pngFile('left.png'));
    const upload = await held;
    unmount();
    expect(upload.aborted).toBe(true);
  });

  it('says so when the upload fails before any answer', async () => {
    await storeOwnerToken(api);
    const unreachable = inProcessXhr(() => Promise.reject(new TypeError('fetch failed')));
    renderAdmin('/admin/new', api.fetch, unreachable);
    const textarea = await screen.findByLabelText('Body');
    fireEvent(textarea, createEvent.paste(textarea, { clipboardData: { files: [await pngFile('lost.png')], getData: () => '' } }));
    expect(await screen.findByText('The image could not be uploaded.')).toBeInTheDocument();
  });
});
