/** File storage interface (DECISIONS §6): local folder by default. Keys are generated, never user names. */
export interface FileStore {
  readonly kind: 'local';
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Absolute folder served at /files (local store only). */
  readonly root: string;
}
