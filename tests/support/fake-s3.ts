import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A small S3-compatible server for the S3 storage adapter's tests (product decision 20). s3rver, the npm
 * one, ignores a POST's policy altogether, so it cannot show that the store refuses an oversize
 * file or a key outside the prefix; this one checks what S3 checks for the requests the adapter and
 * a browser make, path-style only:
 * - PUT / GET (with Range) / HEAD of an object, each signed with SigV4 in the Authorization header
 *   (the signature is recomputed here from the known secret; a wrong one is refused);
 * - the browser's multipart POST of a presigned POST form: the policy's signature, its expiry, and
 *   every condition (exact fields, starts-with, content-length-range), every form field covered.
 */
export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SigV4's key for one day, region and service. */
export function signingKey(secret: string, day: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function bodyOf(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

function checkCredential(options: FakeS3Options, credential: string | undefined, amzDate: string | undefined): string {
  const [accessKeyId, day, region, service, terminator] = (credential ?? '').split('/');
  if (accessKeyId !== options.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!amzDate || day !== amzDate.slice(0, 8) || region !== options.region || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(403, 'AuthorizationQueryParametersError', 'Error parsing the X-Amz-Credential parameter.');
  }
  return day;
}

/** The Authorization header's signature, recomputed over the canonical request (SigV4, S3 rules). */
function checkHeaderSignature(options: FakeS3Options, req: IncomingMessage, body: Uint8Array): void {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!auth) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const day = checkCredential(options, auth[1], amzDate);
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part))) as [string, string?])
    .map(([key, value = '']) => `${key}=${value}`)
    .sort()
    .join('&');
  const signed = auth[2]!.split(';');
  const headers = signed.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, rawPath, query, headers, signed.join(';'), payloadHash].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${options.region}/s3/aws4_request`, sha256(canonical)].join('\n');
  if (!sameHex(hmac(signingKey(options.secretAccessKey, day, options.region), toSign).toString('hex'), auth[3]!)) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
}

type Condition = Record<string, string> | [string, string | number, string | number];

/** A browser's POST of a presigned form: signed policy, not expired, each condition met. */
function checkPostPolicy(options: FakeS3Options, bucket: string, form: Map<string, string>, size: number): void {
  for (const name of ['policy', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-signature', 'key']) {
    if (!form.has(name)) throw new S3Error(400, 'InvalidArgument', `Bucket POST must contain a field named '${name}'.`);
  }
  if (form.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 is supported.');
  const day = checkCredential(options, form.get('x-amz-credential'), form.get('x-amz-date'));
  const policy = form.get('policy')!;
  if (!sameHex(hmac(signingKey(options.secretAccessKey, day, options.region), policy).toString('hex'), form.get('x-amz-signature')!)) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  const decoded = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { expiration: string; conditions: Condition[] };
  if (!(Date.parse(decoded.expiration) > Date.now())) throw new S3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  const fields = new Map(form);
  fields.set('bucket', bucket);
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  const failed = (condition: Condition) => new S3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  for (const condition of decoded.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if (fields.get(name.toLowerCase()) !== value) throw failed(condition);
      }
      continue;
    }
    const [op, target, value] = condition;
    if (op === 'content-length-range') {
      if (size < Number(target)) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      if (size > Number(value)) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      continue;
    }
    const name = String(target).replace(/^\$/, '').toLowerCase();
    covered.add(name);
    const actual = fields.get(name) ?? '';
    if ((op === 'eq' && actual !== value) || (op === 'starts-with' && !actual.startsWith(String(value))) || (op !== 'eq' && op !== 'starts-with')) throw failed(condition);
  }
  for (const name of form.keys()) {
    if (!covered.has(name) && !name.startsWith('x-ignore-')) throw new S3Error(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
  }
}

export async function startFakeS3(options: FakeS3Options) {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; key: string; range?: string; status: number }[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<{ key: string; status: number }> {
    const path = (req.url ?? '/').split('?')[0]!;
    const [, bucket = '', ...rest] = path.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucket !== options.bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (req.method === 'POST' && !key) {
      const request = new Request(`http://fake-s3${path}`, { method: 'POST', headers: req.headers as Record<string, string>, body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } as RequestInit);
      const data = await request.formData();
      const form = new Map<string, string>();
      let file: File | undefined;
      for (const [name, value] of data) {
        if (name === 'file' && typeof value !== 'string') file = value;
        else if (typeof value === 'string') form.set(name.toLowerCase(), value);
      }
      if (!file) throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
      checkPostPolicy(options, bucket, form, file.size);
      const stored = form.get('key')!;
      objects.set(stored, { bytes: new Uint8Array(await file.arrayBuffer()), contentType: form.get('content-type') ?? 'binary/octet-stream' });
      res.writeHead(204).end();
      return { key: stored, status: 204 };
    }
    const body = await bodyOf(req);
    checkHeaderSignature(options, req, body);
    if (req.method === 'PUT') {
      objects.set(key, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      return { key, status: 200 };
    }
    if (req.method === 'DELETE') {
      // DeleteObject answers 204 whether or not the key was there.
      objects.delete(key);
      res.writeHead(204).end();
      return { key, status: 204 };
    }
    const object = objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const headers = { 'content-type': object.contentType, 'last-modified': new Date().toUTCString(), etag: `"${createHash('md5').update(object.bytes).digest('hex')}"` };
    if (req.method === 'HEAD') {
      res.writeHead(200, { ...headers, 'content-length': object.bytes.byteLength }).end();
      return { key, status: 200 };
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (req.method === 'GET' && range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.bytes.byteLength - 1, object.bytes.byteLength - 1);
      const part = object.bytes.subarray(start, end + 1);
      res.writeHead(206, { ...headers, 'content-length': part.byteLength, 'content-range': `bytes ${start}-${end}/${object.bytes.byteLength}` }).end(part);
      return { key, status: 206 };
    }
    if (req.method === 'GET') {
      res.writeHead(200, { ...headers, 'content-length': object.bytes.byteLength }).end(object.bytes);
      return { key, status: 200 };
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer((req, res) => {
    handle(req, res).then(
      ({ key, status }) => requests.push({ method: req.method ?? '', key, ...(req.headers.range ? { range: String(req.headers.range) } : {}), status }),
      (error: unknown) => {
        const failure = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
        requests.push({ method: req.method ?? '', key: req.url ?? '', status: failure.status });
        req.resume();
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${failure.message}</Message></Error>`;
        res.writeHead(failure.status, { 'content-type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : xml);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
