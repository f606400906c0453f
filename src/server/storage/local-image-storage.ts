import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANTS, imageFileName, UPLOADS_URL_PREFIX, type ImageFile, type ImageStorage, type StoredImage } from './image-storage';

/** A finished file (`key.webp`, `key-800.webp`, …) or one being written (`.key-800.webp.partial`). */
const STORED_NAME = /^\.?([0-9a-f]{32})(?:-\d+)?\.webp(\.partial)?$/;

/**
 * Images as files in one folder (DATA_DIR/uploads), served at /uploads/. Each file is written
 * under a hidden temporary name and renamed into place, so a reader never sees half a file and
 * a crash leaves only names that `list` reports for the sweep.
 */
export class LocalImageStorage implements ImageStorage {
  constructor(
    readonly directory: string,
    private readonly publicBase: string = UPLOADS_URL_PREFIX,
  ) {}

  async save(files: readonly ImageFile[]): Promise<string> {
    const key = randomBytes(16).toString('hex');
    await fs.mkdir(this.directory, { recursive: true, mode: 0o700 });
    try {
      await Promise.all(
        files.map(async ({ suffix, data }) => {
          const final = path.join(this.directory, imageFileName(key, suffix));
          const partial = path.join(this.directory, `.${imageFileName(key, suffix)}.partial`);
          // The server's user only: the data folder is nobody else's (docs/product.md#secrets-and-files).
          await fs.writeFile(partial, data, { flag: 'wx', mode: 0o600 });
          await fs.rename(partial, final);
        }),
      );
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    return key;
  }

  async remove(key: string): Promise<void> {
    await Promise.all(
      IMAGE_VARIANTS.flatMap(({ suffix }) => {
        const name = imageFileName(key, suffix);
        return [name, `.${name}.partial`].map((file) => fs.rm(path.join(this.directory, file), { force: true }));
      }),
    );
  }

  url(key: string): string {
    return `${this.publicBase}${imageFileName(key, '')}`;
  }

  async largest(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(path.join(this.directory, imageFileName(key, '')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async list(): Promise<StoredImage[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const youngest = new Map<string, number>();
    for (const name of names) {
      const key = STORED_NAME.exec(name)?.[1];
      if (!key) continue;
      const stat = await fs.stat(path.join(this.directory, name)).catch(() => null);
      if (!stat) continue; // removed meanwhile
      youngest.set(key, Math.max(youngest.get(key) ?? 0, stat.mtimeMs));
    }
    return [...youngest].map(([key, mtime]) => ({ key, storedAt: new Date(mtime) }));
  }
}
