import { STATE_SCRIPT_ID } from '../../client/app/render-page';
import type { AssetFiles } from './asset-manifest';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML document around a rendered page. Scripts are files only: the CSP allows no inline code. */
export function renderDocument({ head, body, stateJson, assets, siteName }: { head: string; body: string; stateJson: string; assets: AssetFiles; siteName: string }): string {
  const styles = assets.css.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
  const scripts = assets.js.map((src) => `<script defer src="${escapeAttribute(src)}"></script>`).join('');
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="theme-color" content="#0f1e3d">' +
    head +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(siteName)} blog" href="/rss.xml">` +
    styles +
    scripts +
    `</head><body><div id="root">${body}</div>` +
    `<script id="${STATE_SCRIPT_ID}" type="application/json">${stateJson}</script>` +
    '</body></html>'
  );
}
