import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { FileStorage } from './index.ts';

/** Attachments in S3 (product decision 20); the browser uploads with a presigned POST, size and key fixed by us. */
export function createS3Storage(options: { bucket: string; region: string; endpoint?: string | undefined; prefix: string }): FileStorage {
  const client = new S3Client({ region: options.region, ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}) });
  const full = (key: string) => `${options.prefix}${key}`;
  const bytesOf = async (body: { transformToByteArray(): Promise<Uint8Array> } | undefined) => (body ? body.transformToByteArray() : new Uint8Array());
  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: full(key), Body: bytes, ContentType: contentType }));
    },
    get: async (key) => bytesOf((await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: full(key) }))).Body),
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: full(key) }));
    },
    head: async (key, bytes = 16) => {
      try {
        const info = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: full(key) }));
        const part = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: full(key), Range: `bytes=0-${bytes - 1}` }));
        return { start: await bytesOf(part.Body), size: info.ContentLength ?? 0 };
      } catch {
        return undefined;
      }
    },
    presignUpload: async (key, maxBytes) =>
      createPresignedPost(client, {
        Bucket: options.bucket,
        Key: full(key),
        Conditions: [['content-length-range', 1, maxBytes], ['starts-with', '$key', options.prefix]],
        Expires: 600,
      }),
  };
}
