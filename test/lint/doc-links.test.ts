import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';

/**
 * Every link to a heading of the repository's own documents leads somewhere: the docs' links to
 * each other (`[x](#anchor)`, `[x](product.md#anchor)`) and the code's references
 * (`docs/….md#anchor`), with anchors made as GitHub makes them.
 */
const root = path.resolve(__dirname, '../..');
const documents = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((match) => slugger.slug(match[1]!.replace(/[`*_]/g, ''))));
}

const anchors = new Map(documents.map((file) => [file, anchorsOf(file)]));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [relative] : [];
  });
}

/** [file, target document, anchor] for every link to a heading. */
function links(): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  for (const file of documents) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/\]\(([\w./-]*\.md)?#([^)\s]+)\)/g)) {
      const target = match[1] ? path.normalize(path.join(path.dirname(file), match[1])) : file;
      found.push([file, target, match[2]!]);
    }
  }
  for (const file of [...sourceFiles('src'), ...sourceFiles('test'), ...sourceFiles('scripts')]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/\b((?:docs\/[\w-]+|README)\.md)#([\w-]+)/g)) found.push([file, match[1]!, match[2]!]);
  }
  return found;
}

it('has a heading behind every anchor the docs and the code link to', () => {
  const broken = links()
    .filter(([, target, anchor]) => anchors.has(target) && !anchors.get(target)!.has(anchor))
    .map(([file, target, anchor]) => `${file} → ${target}#${anchor}`);
  expect(broken).toEqual([]);
});

it('links only to documents that exist', () => {
  const missing = links()
    .filter(([, target]) => !anchors.has(target))
    .map(([file, target]) => `${file} → ${target}`);
  expect(missing).toEqual([]);
});
