/** File storage interface (DECISIONS §6): local folder by default. Keys are generated, never user names. */
export interface FileStore {
  readonly kind: 'local';
  /** Stores the bytes under `key` and returns the public URL (`/files/<key>`). */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /**
   * Deletes the file behind a URL `put` returned; false when there was nothing to delete (already
   * gone, or a URL this store never issued). Idempotent, so a retried clean-up is harmless.
   */
  remove(url: string): Promise<boolean>;
  /** Absolute folder served at /files (local store only). */
  readonly root: string;
}
