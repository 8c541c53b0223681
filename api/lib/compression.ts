/** Gzips dynamic responses (API JSON, error pages) that are worth it; static files come precompressed. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || response.headers.has('content-encoding') || request.method === 'HEAD') return response;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response;
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return response;
  if (!acceptsGzip(request.headers.get('accept-encoding'))) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-encoding', 'gzip');
  headers.append('vary', 'accept-encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.find((param) => param.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}
