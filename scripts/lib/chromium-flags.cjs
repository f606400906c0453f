// Every tool that starts Debian's Chromium (the browser tests, the bundle check, Lighthouse) starts
// it with these: no sandbox or GPU in a container, and none of the background traffic that would
// blur a measurement. CommonJS, so that the TypeScript Playwright config and the .mjs scripts both
// import it.
module.exports = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
