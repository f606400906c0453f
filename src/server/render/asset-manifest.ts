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
 * The chunk of the app itself (React, the store, the router), which the entry loads once the
 * browser has painted the server's HTML (src/client/app/entry-browser.tsx): its scripts are not
 * in the page, so they never hold back the first paint; its styles are, or the page would jump.
 */
export const APP_CHUNK = 'app';

/** Files a page needs on first load: its chunk's scripts first (they register with the runtime), then the entry's. */
export function pageAssets(manifest: AssetManifest, chunk: string): AssetFiles {
  const page = manifest.chunks[chunk] ?? { js: [], css: [] };
  const app = manifest.chunks[APP_CHUNK] ?? { js: [], css: [] };
  const unique = (files: string[]) => [...new Set(files)];
  return { js: unique([...page.js, ...manifest.entry.js]), css: unique([...manifest.entry.css, ...app.css, ...page.css]) };
}
