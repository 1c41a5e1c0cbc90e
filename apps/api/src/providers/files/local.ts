import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './files.js';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg)$/;
const PREFIX = '/files/';

const safe = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function localFiles(root: string): FileStore {
  const abs = path.resolve(root);
  return {
    kind: 'local',
    root: abs,
    async put(key, data) {
      if (!safe(key)) throw new Error(`unsafe file key ${key}`);
      const target = path.join(abs, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      return `${PREFIX}${key}`;
    },
    async remove(url) {
      // Only our own URLs: anything else (an external address, a hand-edited value) is left alone.
      if (!url.startsWith(PREFIX)) return false;
      const key = url.slice(PREFIX.length);
      if (!safe(key)) return false;
      try {
        await unlink(path.join(abs, key));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
  };
}
