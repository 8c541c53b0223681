import net from 'node:net';

/**
 * A hostile client over a raw socket: bodies sent the way an attacker would (chunked past the
 * limit, malformed, abandoned half-way). Used by the tests that attack the real server and by
 * scripts/hostile-burst.ts.
 */
export interface HostileRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** The body, sent in chunked transfer coding in pieces of chunkSize bytes. */
  body?: Uint8Array;
  chunkSize?: number;
  /** Send only this many bytes of the body, then close the socket (a client gone half-way). */
  closeAfter?: number;
}

/** The status the server answered, or 0 when it closed the connection without an answer. */
export function sendHostile(url: string, request: HostileRequest, timeoutMs = 10_000): Promise<{ status: number; body: string }> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve) => {
    let answer = '';
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    };
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
      const headers = {
        host: 'localhost',
        origin: 'http://localhost:4321',
        'content-type': 'application/json',
        ...(request.body ? { 'transfer-encoding': 'chunked' } : {}),
        ...request.headers,
      };
      socket.write(`${request.method ?? 'POST'} ${request.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}connection: close\r\n\r\n`);
      const body = request.body;
      if (!body) return;
      const size = request.chunkSize ?? 16 * 1024;
      const end = Math.min(body.byteLength, request.closeAfter ?? body.byteLength);
      let offset = 0;
      const pump = () => {
        while (offset < end && !socket.destroyed) {
          const piece = body.subarray(offset, Math.min(offset + size, end));
          offset += piece.byteLength;
          socket.write(`${piece.byteLength.toString(16)}\r\n`);
          socket.write(piece);
          if (!socket.write('\r\n')) {
            socket.once('drain', pump);
            return;
          }
        }
        if (socket.destroyed) return;
        if (request.closeAfter !== undefined && request.closeAfter < body.byteLength) socket.destroy();
        else socket.write('0\r\n\r\n');
      };
      pump();
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', done);
    setTimeout(done, timeoutMs).unref();
  });
}
