import { render, screen } from '@testing-library/react';
import Markdown from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import remarkGfm from 'remark-gfm';

// Proves the ESM-only markdown packages run under jest as they are, with no mock in between.
it('renders GitHub-flavoured markdown with raw HTML through the real pipeline', () => {
  render(
    <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeRaw]}>
      {'| a | b |\n| - | - |\n| 1 | 2 |\n\n~~gone~~ and <kbd>Ctrl</kbd>'}
    </Markdown>,
  );
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.getByText('gone').tagName).toBe('DEL');
  expect(screen.getByText('Ctrl').tagName).toBe('KBD');
});
