import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './files.js';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg)$/;

export function localFiles(root: string): FileStore {
  const abs = path.resolve(root);
  return {
    kind: 'local',
    root: abs,
    async put(key, data) {
      if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe file key ${key}`);
      const target = path.join(abs, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      return `/files/${key}`;
    },
  };
}
