import fs from 'node:fs';
import path from 'node:path';

export interface AssetFiles {
  js: string[];
  css: string[];
}

/** What webpack's AssetManifestPlugin writes: the entry's files and each named chunk's. */
export interface AssetManifest {
  entry: AssetFiles;
  chunks: Record<string, AssetFiles>;
}

const EMPTY: AssetManifest = { entry: { js: [], css: [] }, chunks: {} };

/** The manifest of the built client; an empty one when the client has not been built (tests). */
export function readAssetManifest(clientDir: string): AssetManifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, 'assets', 'manifest.json'), 'utf8')) as AssetManifest;
  } catch {
    return EMPTY;
  }
}

/**
 * Files a page needs on first load: its chunks' first (they register with the runtime), then the
 * entry's. `chunks` names the page's chunk and any lazily loaded chunk it rendered with.
 */
export function pageAssets(manifest: AssetManifest, chunks: string | readonly string[]): AssetFiles {
  const groups = (typeof chunks === 'string' ? [chunks] : chunks).map((name) => manifest.chunks[name] ?? { js: [], css: [] });
  const unique = (files: string[]) => [...new Set(files)];
  return {
    js: unique([...groups.flatMap((group) => group.js), ...manifest.entry.js]),
    css: unique([...manifest.entry.css, ...groups.flatMap((group) => group.css)]),
  };
}
