import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createS3Storage } from './s3.ts';

/**
 * Where attachments live (product decision 20): S3 (ap-northeast-1) when S3_BUCKET is set, otherwise a
 * folder under DATA_DIR. Keys are relative paths such as `step-mails/<uuid>.pdf`.
 */
export interface FileStorage {
  kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /** The first bytes (to check the type) and the size; undefined when there is no such file. */
  head(key: string, bytes?: number): Promise<{ start: Uint8Array; size: number } | undefined>;
  /** Removes the file; a file that is not there is no error. */
  delete(key: string): Promise<void>;
  /** S3 only: a presigned POST the browser uploads to directly (size limit and key fixed). */
  presignUpload?(key: string, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }>;
}

export interface StorageConfig {
  dataDir: string;
  s3: { bucket: string; region: string; endpoint?: string | undefined; prefix: string } | undefined;
}

const safeKey = (key: string) => {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9.]+$/i.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
};

export function createLocalStorage(root: string): FileStorage {
  const file = (key: string) => path.join(root, safeKey(key));
  return {
    kind: 'local',
    put: async (key, bytes) => {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes);
    },
    get: async (key) => new Uint8Array(await readFile(file(key))),
    delete: async (key) => {
      await rm(file(key), { force: true });
    },
    head: async (key, bytes = 16) => {
      try {
        const info = await stat(file(key));
        const content = await readFile(file(key));
        return { start: new Uint8Array(content.subarray(0, bytes)), size: info.size };
      } catch {
        return undefined;
      }
    },
  };
}

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
