import { imageFilesOf } from '../backup/image-files';
import { restoreArchive } from '../backup/restore-archive';
import { describeSite, runTool, UsageError } from './run-tool';

const USAGE = `Usage:
  npm run restore -- <file.tar.gz>            into an empty database and data folder (or bucket)
  npm run restore -- <file.tar.gz> --force    replacing the site that is there

Restores an archive of npm run backup into the database and image store this environment names
(DATABASE_URL or DATA_DIR, S3_BUCKET), whichever engine wrote it: a SQLite site's archive
restores into PostgreSQL. Every byte of the archive is checked first; a damaged, cut-off or
foreign file is refused and nothing is changed. Stop the site before restoring over it.

Options:
  --force          replace what the database and the image store hold
  -h, --help       this text
  -V, --version    the site's version

Exit codes: 0 done, 1 failed, 2 wrong arguments, 3 refused (the target holds a site; see --force),
4 refused (not a whole backup of this site).`;

runTool({
  usage: USAGE,
  options: { force: { type: 'boolean' } },
  run: async (config, { values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('restore takes one archive file.');
    console.error(describeSite(config));
    const images = imageFilesOf(config);
    try {
      const manifest = await restoreArchive(positionals[0]!, { config, images, force: values.force === true, progress: (line) => console.error(line) });
      console.log(`Restored the backup of ${manifest.createdAt} (${manifest.engine}, version ${manifest.version}).`);
      console.log(
        manifest.signingKey
          ? '  The token-signing key came with it: sign-ins carry on.'
          : '  Everybody signs in again (the token-signing key is not in backups); authenticator apps keep working.',
      );
    } finally {
      images.close();
    }
  },
});
