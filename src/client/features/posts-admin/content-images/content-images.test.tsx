import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../../app/testing/admin-harness';
import { pngFile } from '../testing/images';
import { storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';
import { insertImage } from './image-markdown';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

const IMAGE_MARKDOWN = /!\[([^\]]*)\]\(\/uploads\/[0-9a-f]{32}\.webp#64x48\)/;

async function openEditor(body = 'First paragraph.') {
  await storeOwnerToken(api);
  renderAdmin('/admin/new', api.fetch);
  const user = userEvent.setup();
  const textarea = screen.getByLabelText('Body') as HTMLTextAreaElement;
  await user.type(textarea, body);
  return { user, textarea };
}

async function describe_(user: ReturnType<typeof userEvent.setup>, alt: string) {
  const field = await screen.findByLabelText('Alternative text');
  // Pasted: user-event reads brackets in typed text as key names.
  await user.click(field);
  await user.paste(alt);
  await user.click(screen.getByRole('button', { name: 'Insert into the body' }));
}

describe('insertImage', () => {
  it('puts the image on a paragraph of its own at the cursor', () => {
    expect(insertImage('ab', { start: 1, end: 1 }, 'IMG')).toEqual({ text: 'a\n\nIMG\n\nb', cursor: 6 });
    expect(insertImage('', { start: 0, end: 0 }, 'IMG')).toEqual({ text: 'IMG', cursor: 3 });
    expect(insertImage('a\n\n', { start: 3, end: 3 }, 'IMG')).toEqual({ text: 'a\n\nIMG', cursor: 6 });
  });
});

describe('images inside the body', () => {
  it('uploads a chosen image, asks for its alt text and inserts it where the cursor was; the preview shows it', async () => {
    const { user, textarea } = await openEditor();
    textarea.setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    await user.upload(screen.getByLabelText('Picture file to insert'), await pngFile('chart.png'));
    expect(await screen.findByText(/chart\.png is uploaded \(0\.0 MB; 64 × 48 px\)/)).toBeInTheDocument();
    await describe_(user, 'A [rising] chart');
    expect(textarea.value).toMatch(/^First\n\n!\[A \\\[rising\\\] chart\]\(\/uploads\/[0-9a-f]{32}\.webp#64x48\)\n\n paragraph\.$/);
    const preview = await screen.findByRole('img', { name: 'A [rising] chart' });
    expect(preview).toHaveAttribute('width', '64');
    expect(preview).toHaveAttribute('srcset', expect.stringMatching(/\.webp 64w$/));
  });

  it('uploads a pasted image', async () => {
    const { user, textarea } = await openEditor();
    const file = await pngFile('pasted.png');
    const paste = createEvent.paste(textarea, { clipboardData: { files: [file], getData: () => '' } });
    fireEvent(textarea, paste);
    expect(paste.defaultPrevented).toBe(true);
    await describe_(user, 'Pasted');
    await waitFor(() => expect(textarea.value).toMatch(IMAGE_MARKDOWN));
    expect(IMAGE_MARKDOWN.exec(textarea.value)![1]).toBe('Pasted');
  });

  it('uploads a dropped image, and leaves dropped text to the field', async () => {
    const { user, textarea } = await openEditor();
    const text = createEvent.drop(textarea, { dataTransfer: { files: [], getData: () => 'words' } });
    fireEvent(textarea, text);
    expect(text.defaultPrevented).toBe(false);
    const drop = createEvent.drop(textarea, { dataTransfer: { files: [await pngFile('dropped.png')], getData: () => '' } });
    fireEvent(textarea, drop);
    expect(drop.defaultPrevented).toBe(true);
    await describe_(user, 'Dropped');
    await waitFor(() => expect(IMAGE_MARKDOWN.exec(textarea.value)?.[1]).toBe('Dropped'));
  });

  it('shows the server’s refusal and inserts nothing', async () => {
    const { textarea } = await openEditor();
    const fake = new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' });
    fireEvent(textarea, createEvent.paste(textarea, { clipboardData: { files: [fake], getData: () => '' } }));
    expect(await screen.findByText(/The image must be a JPEG, PNG, WebP, GIF or AVIF file/)).toBeInTheDocument();
    expect(textarea.value).toBe('First paragraph.');
  });
});
