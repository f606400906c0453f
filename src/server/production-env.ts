// React, React DOM and Redux Toolkit pick their development builds (several times slower, with
// checks meant for a developer's console) unless NODE_ENV says production, and they read it when
// first required. The built server is the production server, so it says so unless told otherwise
// (`npm run dev` sets development). Imported first by the entry, before anything requires them;
// the server's webpack build leaves NODE_ENV to run time (`optimization.nodeEnv: false`).
process.env.NODE_ENV ||= 'production';
