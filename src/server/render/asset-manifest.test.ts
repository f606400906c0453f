import { APP_CHUNK, pageAssets, type AssetManifest } from './asset-manifest';

const manifest: AssetManifest = {
  entry: { js: ['/assets/main.js'], css: ['/assets/main.css'] },
  chunks: {
    [APP_CHUNK]: { js: ['/assets/vendor.js', '/assets/app.js'], css: ['/assets/app.css'] },
    'page-home': { js: ['/assets/shared.js', '/assets/page-home.js'], css: ['/assets/shared.css', '/assets/page-home.css'] },
  },
};

describe('pageAssets', () => {
  it("puts the page's scripts before the entry's and leaves the app's out of the page", () => {
    expect(pageAssets(manifest, 'page-home').js).toEqual(['/assets/shared.js', '/assets/page-home.js', '/assets/main.js']);
  });

  it("links the app's styles with the entry's and the page's, so nothing moves when the app arrives", () => {
    expect(pageAssets(manifest, 'page-home').css).toEqual(['/assets/main.css', '/assets/app.css', '/assets/shared.css', '/assets/page-home.css']);
  });

  it('answers the entry and the app styles for a chunk it does not know', () => {
    expect(pageAssets(manifest, 'page-missing')).toEqual({ js: ['/assets/main.js'], css: ['/assets/main.css', '/assets/app.css'] });
  });
});
