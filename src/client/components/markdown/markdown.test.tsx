import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { RuntimeConfigProvider } from '../../lib/runtime-config';
import Markdown from './markdown';
import { sanitizeSchema } from '../../../shared/markdown/sanitize-schema';

// The real pipeline (react-markdown, remark-gfm, rehype-raw, rehype-sanitize), nothing mocked.
function renderMarkdown(content: string) {
  const { container } = render(
    <RuntimeConfigProvider value={{ siteUrl: 'https://agency.test', apiBaseUrl: '' }}>
      <Markdown content={content} />
    </RuntimeConfigProvider>,
  );
  return container.firstElementChild as HTMLElement;
}

describe('GitHub-flavoured markdown', () => {
  it('renders tables with their alignment', () => {
    renderMarkdown('| Plan | Price |\n| :--- | ----: |\n| Starter | $250 |');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Plan', 'Price']);
    expect(within(table).getByRole('cell', { name: '$250' })).toHaveStyle({ textAlign: 'right' });
  });

  it('renders strikethrough', () => {
    renderMarkdown('Price ~~$300~~ $250');
    expect(screen.getByText('$300').tagName).toBe('DEL');
  });

  it('renders task lists as disabled checkboxes', () => {
    renderMarkdown('- [x] Design\n- [ ] Launch');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).not.toBeChecked();
    for (const box of boxes) expect(box).toBeDisabled();
  });

  it('renders footnotes whose links land on their note and back, ids prefixed once', () => {
    const root = renderMarkdown('Fast sites rank better.[^speed]\n\n[^speed]: Core Web Vitals are a ranking signal.');
    const reference = screen.getByRole('link', { name: '1' });
    const target = reference.getAttribute('href')!;
    expect(target).toBe('#user-content-fn-speed');
    const note = root.querySelector(target)!;
    expect(note).not.toBeNull();
    expect(note.tagName).toBe('LI');
    expect(note).toHaveTextContent('Core Web Vitals are a ranking signal.');
    expect(reference).not.toHaveAttribute('target');

    const back = within(note as HTMLElement).getByRole('link', { name: /back to reference/i });
    expect(root.querySelector(back.getAttribute('href')!)).toBe(reference);
    // The "Footnotes" label the references point to exists too.
    const labelledBy = reference.getAttribute('aria-describedby')!;
    expect(root.querySelector(`#${labelledBy}`)).toHaveTextContent('Footnotes');
    expect(root.innerHTML).not.toContain('user-content-user-content');
  });

  it('turns bare addresses into links', () => {
    renderMarkdown('See https://example.com/docs and www.example.org or mail hello@example.com.');
    expect(screen.getByRole('link', { name: 'https://example.com/docs' })).toHaveAttribute('href', 'https://example.com/docs');
    expect(screen.getByRole('link', { name: 'www.example.org' })).toHaveAttribute('href', 'http://www.example.org');
    expect(screen.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute('href', 'mailto:hello@example.com');
  });
});

describe('raw HTML', () => {
  it('renders harmless elements such as kbd, details and figure', () => {
    const root = renderMarkdown(
      'Press <kbd>Ctrl</kbd>+<kbd>S</kbd>.\n\n<details><summary>More</summary>\n\nHidden *text*.\n\n</details>\n\n<figure><img src="/uploads/a.webp" alt="A"><figcaption>Caption</figcaption></figure>',
    );
    expect(screen.getByText('Ctrl').tagName).toBe('KBD');
    expect(root.querySelector('details > summary')).toHaveTextContent('More');
    expect(screen.getByText('text').tagName).toBe('EM');
    expect(root.querySelector('figure > figcaption')).toHaveTextContent('Caption');
  });

  it('keeps relative URLs, and in-page links land on the prefixed id', () => {
    const root = renderMarkdown('![Team](/uploads/team.webp)\n\n[Other post](/blog/other) and [jump](#pricing)\n\n<h2 id="pricing">Pricing</h2>');
    expect(screen.getByRole('img', { name: 'Team' })).toHaveAttribute('src', '/uploads/team.webp');
    expect(screen.getByRole('link', { name: 'Other post' })).toHaveAttribute('href', '/blog/other');
    const jump = screen.getByRole('link', { name: 'jump' });
    expect(root.querySelector(jump.getAttribute('href')!)).toHaveTextContent('Pricing');
  });

  it('opens links to other sites in a new tab without an opener, and keeps this site in the tab', () => {
    renderMarkdown('[Elsewhere](https://example.com) [Here](https://agency.test/about) <a href="http://example.net" target="_self" rel="opener">raw</a>');
    for (const name of ['Elsewhere', 'raw']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Here' })).not.toHaveAttribute('target');
  });

  it('tells another site by its origin, whatever form its address takes', () => {
    renderMarkdown(
      '[same](https://AGENCY.test:443/a) [same-relative](//agency.test/b) [mail](mailto:hi@example.com) [chat](irc://irc.example/chan) [page](/blog/x) [note](#fn) ' +
        '[protocol-relative](//example.com/c) [other-scheme](http://agency.test/d) [subdomain](https://www.agency.test/)',
    );
    for (const name of ['same', 'same-relative', 'mail', 'chat', 'page', 'note']) {
      const link = screen.getByRole('link', { name });
      expect(link).not.toHaveAttribute('target');
      expect(link).not.toHaveAttribute('rel');
    }
    for (const name of ['protocol-relative', 'other-scheme', 'subdomain']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('keeps only the allowed link schemes', () => {
    const allowed = ['https://a.example', 'http://b.example', 'mailto:c@example.com', 'irc://irc.example/chan', 'ircs://irc.example/chan', 'xmpp:d@example.com'];
    const refused = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<b>x</b>', 'ftp://e.example/f', 'file:///etc/passwd'];
    const markdown = [...allowed, ...refused].map((href, i) => `<a href="${href}">link${i}</a>`).join(' ');
    renderMarkdown(markdown);
    allowed.forEach((href, i) => expect(screen.getByText(`link${i}`)).toHaveAttribute('href', href));
    refused.forEach((_href, i) => expect(screen.getByText(`link${allowed.length + i}`)).not.toHaveAttribute('href'));
  });

  it('drops scripts, styles, handlers and anything that could load or run', () => {
    const root = renderMarkdown(
      [
        '<script>window.hacked = true</script>',
        '<style>body { background: url(https://evil.example/track) }</style>',
        '<p style="background:url(https://evil.example/x)" onclick="alert(1)" class="x">styled</p>',
        '<img src="x" onerror="alert(1)">',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
        '<svg><script>alert(1)</script></svg>',
        '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
        '<picture><source srcset="javascript:alert(1)"><img src="/uploads/a.webp"></picture>',
        '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)"><base href="https://evil.example/">',
        '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="https://evil.example/x.css">',
      ].join('\n\n'),
    );
    expect(root.querySelector('script, style, iframe, form, svg, object, embed, base, meta, link, button')).toBeNull();
    expect(root.querySelector('[style], [onclick], [onerror], [class="x"], [srcset]')).toBeNull();
    expect(root.innerHTML).not.toMatch(/javascript:|data:|evil\.example/);
    expect(screen.getByText('styled').tagName).toBe('P');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('restores valid nesting where the sanitiser unwrapped an element', () => {
    const root = renderMarkdown('Before <object data="x"><p>inside</p></object> after');
    expect(root.querySelector('p p')).toBeNull();
    expect(screen.getByText('inside').tagName).toBe('P');
  });

  it('prefixes ids and names so content cannot clobber the page', () => {
    const root = renderMarkdown('<img name="getElementById" src="/a.webp"> <a id="root" href="#">x</a>');
    expect(root.querySelector('img')).toHaveAttribute('name', 'user-content-getElementById');
    expect(root.querySelector('a')).toHaveAttribute('id', 'user-content-root');
    expect(typeof document.getElementById).toBe('function');
  });
});

// The public payload lists in test/fixtures/xss (see SOURCE.md there), one payload a line.
const fixtures = path.resolve(__dirname, '../../../../test/fixtures/xss');
const payloadFiles = fs.readdirSync(fixtures).filter((name) => name.endsWith('.txt'));
const allowedTags = new Set([...(sanitizeSchema.tagNames ?? []), 'div']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'cite', 'longdesc', 'background', 'poster', 'data', 'codebase', 'dynsrc', 'lowsrc', 'ping', 'itemtype']);

/** What a rendered payload must never contain; empty when it is harmless. */
function dangers(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const tag = element.tagName.toLowerCase();
    if (!allowedTags.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`);
      // React writes a table cell's alignment as `text-align`; nothing else may carry a style.
      if (name === 'style' && !(/^t[dh]$/.test(tag) && /^text-align: *(left|right|center);?$/.test(value))) found.push(`${tag}[style=${value}]`);
      // Browsers ignore control characters and spaces inside a scheme; so does this check.
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      const squeezed = value.replace(/[\u0000-\u0020]/g, '');
      if (URL_ATTRIBUTES.has(name) && /^(javascript|data|vbscript|livescript|mocha):/i.test(squeezed)) found.push(`${tag}[${name}=${value}]`);
    }
  }
  return found;
}

describe.each(payloadFiles)('every payload of %s', (file) => {
  const payloads = fs
    .readFileSync(path.join(fixtures, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

  it('renders without a script, an event handler or a script URL, as markup the browser reads back the same', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    // React reports invalid nesting (which would break hydration) through console.error.
    const reactErrors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const failures: string[] = [];
    for (const payload of payloads) {
      // Alone, inside a paragraph, and as a link and image target.
      for (const content of [payload, `Text before ${payload} text after`, `[link](${payload}) ![img](${payload})`]) {
        reactErrors.mockClear();
        const { unmount, container } = render(<Markdown content={content} />);
        const found = dangers(container.firstElementChild as HTMLElement);
        if (reactErrors.mock.calls.length > 0) found.push(`React: ${String(reactErrors.mock.calls[0]![0]).slice(0, 80)}`);
        if (found.length > 0) failures.push(`${JSON.stringify(content)} → ${found.join(', ')}`);
        unmount();
      }
    }
    reactErrors.mockRestore();
    expect(failures).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
