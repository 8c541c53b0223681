import type { IncomingMessage } from 'node:http';

export type NodeBodyResult = { kind: 'read'; body: Buffer } | { kind: 'tooLarge' } | { kind: 'gone' };

/** Whether a request's body is read at all (srvx and h3 never read one for GET or HEAD). */
export function carriesBody(method: string | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * A request body read from the Node stream itself, with a running byte count: past `limit` the
 * read stops at once (nothing more is kept) and the caller answers 413. The app then gets the
 * bytes as `rawBody`, so srvx never adapts the live socket into a web stream: Node's
 * Readable.toWeb throws `ERR_INVALID_STATE: Controller is already closed` from a 'data' event
 * that arrives after a body limit has cancelled it, outside any request's promise, and that
 * ended the process (issue 23, docs/decisions/0037).
 * Never rejects: a client gone half-way is `gone`.
 */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<NodeBodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: NodeBodyResult) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      // An error after we stopped listening (the socket torn down) must still have a listener.
      req.on('error', ignore);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ kind: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(req.complete ? { kind: 'read', body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) } : { kind: 'gone' });
    const onGone = () => finish({ kind: 'gone' });
    req.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
  });
}

/**
 * After refusing a body, the rest of it is read and thrown away for a moment (up to 1 MB or
 * 2 s, as a web server's lingering close) before `close` runs: closing a socket with unread
 * bytes sends a TCP reset, and the client would lose the 413 it was just sent.
 */
export function discardRestThen(req: IncomingMessage, close: () => void, maxBytes = 1024 * 1024, maxMs = 2000): void {
  let discarded = 0;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    req.off('data', onData);
    close();
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) finish();
  };
  const timer = setTimeout(finish, maxMs);
  timer.unref();
  req.on('data', onData).once('end', finish).once('close', finish);
  req.resume();
}

function ignore(): void {
  // The request is already answered or abandoned; its socket's late errors carry no news.
}
