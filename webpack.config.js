// Two builds from one source tree: the browser bundle (dist/client) and the Node server
// (dist/server), which renders the same React tree for first paint.
const path = require('node:path');
const fs = require('node:fs');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const nodeExternals = require('webpack-node-externals');
const zlib = require('node:zlib');
const svgToMiniDataURI = require('mini-svg-data-uri');

const root = __dirname;
// The same ident on both sides, so server HTML and the browser's CSS agree on class names. The
// class's own name stays readable; the hash tells modules apart (the module's file name would
// repeat in every class of the page's HTML, CSS and scripts).
const localIdentName = '[local]--[hash:base64:5]';

const tsRule = (refresh = false) => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'ts-loader',
    options: {
      transpileOnly: true,
      onlyCompileBundledFiles: true,
      // Hot reload in `npm run dev` keeps component state across edits.
      ...(refresh ? { getCustomTransformers: () => ({ before: [require('react-refresh-typescript').default()] }) } : {}),
    },
  },
});

/**
 * `?inline` marks an illustration of a first screen: the server's HTML carries it as a data: URL,
 * so it paints with the text instead of waiting for a request of its own; the browser's bundle
 * keeps its address (the page already has the picture; SiteImg keeps the server's attribute).
 * `toSrcset` escapes spaces too: a URL attribute with a literal space is invalid HTML.
 */
const imageRule = ({ emit, inline }) => ({
  test: /\.(svg|png|jpe?g|webp|avif|gif|woff2?)$/i,
  oneOf: [
    ...(inline ? [{ test: /\.svg$/i, resourceQuery: /inline/, type: 'asset/inline', generator: { dataUrl: (content) => svgToMiniDataURI.toSrcset(content.toString()) } }] : []),
    { type: 'asset/resource', generator: { filename: '[name].[contenthash:8][ext]', publicPath: '/assets/', emit } },
  ],
});

/** Writes manifest.json: the files of the entry and of every named async chunk group. */
class AssetManifestPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('AssetManifestPlugin', (stats) => {
      const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, publicPath: true });
      const pick = (group) => {
        const files = (group.assets || []).map((a) => a.name);
        return {
          js: files.filter((f) => f.endsWith('.js')).map((f) => json.publicPath + f),
          css: files.filter((f) => f.endsWith('.css')).map((f) => json.publicPath + f),
        };
      };
      const manifest = { entry: pick(json.entrypoints.main), chunks: {} };
      for (const [name, group] of Object.entries(json.namedChunkGroups)) {
        if (name !== 'main') manifest.chunks[name] = pick(group);
      }
      fs.mkdirSync(stats.compilation.outputOptions.path, { recursive: true });
      fs.writeFileSync(
        path.join(stats.compilation.outputOptions.path, 'manifest.json'),
        JSON.stringify(manifest, null, 2),
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  // `webpack serve` (npm run dev): hot module replacement with React Refresh.
  const hot = !production && process.env.WEBPACK_SERVE === 'true';
  // react-router's package exports only its development build (warnings on, ENABLE_DEV_WARNINGS);
  // production builds take the production one, which the package ships beside it.
  const reactRouter = (extension) =>
    production
      ? {
          'react-router$': path.join(root, `node_modules/react-router/dist/production/index.${extension}`),
          'react-router/dom$': path.join(root, `node_modules/react-router/dist/production/dom-export.${extension}`),
        }
      : {};
  const resolve = { extensions: ['.tsx', '.ts', '.js'], alias: reactRouter('mjs') };

  const client = {
    name: 'client',
    target: 'web',
    mode: production ? 'production' : 'development',
    // No eval-based source maps: the Content-Security-Policy forbids eval in development too.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/client/app/entry-browser.tsx' },
    output: {
      path: path.join(root, 'dist/client/assets'),
      publicPath: '/assets/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve,
    module: {
      rules: [
        tsRule(hot),
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { modules: { auto: true, localIdentName, namedExport: false, exportLocalsConvention: 'as-is' } } },
          ],
        },
        imageRule({ emit: true, inline: false }),
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new AssetManifestPlugin(),
      ...(hot ? [new (require('@pmmmwh/react-refresh-webpack-plugin'))({ overlay: false })] : []),
      ...(production
        ? [
            new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test: /\.(js|css|svg)$/, compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }, threshold: 0, minRatio: 1 }),
            new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|css|svg)$/, threshold: 0, minRatio: 1 }),
          ]
        : []),
    ],
    performance: { hints: false },
    // The app chunk (entry-browser.tsx) stays one file: it is fetched whole on every first load,
    // and one brotli stream of it is smaller than two. So does each page's chunk: a first visit
    // loads one page, and a file shared with another page cost it a request, some 400 bytes of
    // headers, for code (the blog's cards and pager, the service pages' parts) of a few kB that a
    // later move to that other page downloads again.
    optimization: {
      splitChunks: { chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== 'app' && !chunk.name?.startsWith('page-') },
      // The code is compiled for ES2022 (tsconfig.json), so terser may write ES2020's shorter forms
      // too; a third pass found a few more. Some 150 bytes off each first load (npm run check:bundle).
      minimizeOptions: { javascript: { ecma: 2020, compress: { passes: 3 } } },
    },
    devServer: {
      host: process.env.HOST ?? 'localhost',
      port: Number(process.env.PORT ?? 3000),
      hot: true,
      client: { overlay: false },
      devMiddleware: { publicPath: '/assets/' },
      static: false,
      // Pages, the API and files come from the Fastify server that `npm run dev` runs beside.
      proxy: [{ context: (pathname) => !pathname.startsWith('/assets/') && !pathname.startsWith('/ws'), target: `http://127.0.0.1:${process.env.DEV_SERVER_PORT ?? 3001}` }],
    },
  };

  const server = {
    name: 'server',
    target: 'node20',
    mode: production ? 'production' : 'development',
    devtool: 'source-map',
    // The server, the owner's tools (npm run admin, npm run backup, npm run restore), the thread
    // the server migrates a SQLite database on while it starts, and the one a newsletter's mail is
    // rendered on (src/server/jobs/entry-worker.ts finds them beside main.js).
    entry: {
      main: './src/server/main.ts',
      'cli-admin': './src/server/cli/admin.ts',
      'cli-backup': './src/server/cli/backup.ts',
      'cli-restore': './src/server/cli/restore.ts',
      'migrate-worker': './src/server/db/migrate-worker.ts',
      'mail-template-worker': './src/server/newsletter/mail-template-worker.ts',
    },
    output: {
      path: path.join(root, 'dist/server'),
      filename: '[name].js',
      chunkFilename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
      // Rewrite unchanged files too: scripts/start.mjs judges staleness by their times.
      compareBeforeEmit: false,
    },
    resolve,
    externalsPresets: { node: true },
    // Packages stay in node_modules; Node ≥ 20.19 can require() the ESM-only ones.
    // react-router is bundled, so that the production build above is the one it runs.
    externals: [nodeExternals({ allowlist: production ? [/^react-router/] : [] })],
    // NODE_ENV is read at run time (src/server/production-env.ts), not fixed by the build.
    optimization: { minimize: false, splitChunks: false, nodeEnv: false },
    node: { __dirname: false, __filename: false },
    module: {
      rules: [
        tsRule(),
        {
          test: /\.css$/,
          use: [{ loader: 'css-loader', options: { modules: { auto: true, localIdentName, namedExport: false, exportLocalsConvention: 'as-is', exportOnlyLocals: true } } }],
        },
        imageRule({ emit: false, inline: true }),
      ],
    },
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 })],
  };

  return [client, server];
};
