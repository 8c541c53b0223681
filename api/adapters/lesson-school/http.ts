import type { LessonAccount, LessonAccountStatus, LessonSchool } from './types.ts';

/**
 * The lesson school's HTTP API. Its contract is the partner's; these calls assume:
 * POST {url}/v1/accounts {external_id, email, name} → {id, first_login_url}, idempotent by the
 * Idempotency-Key header, POST {url}/v1/accounts/{id}/sso-links → {url}, and
 * PUT {url}/v1/accounts/{id}/status {status: active | suspended | closed}.
 */
export class HttpLessonSchool implements LessonSchool {
  readonly kind = 'http' as const;
  readonly #url: string;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;

  constructor(options: { url: string; apiKey: string; fetch?: typeof fetch }) {
    this.#url = options.url;
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? fetch;
  }

  async createAccount(input: { orderId: string; email: string; name: string }): Promise<LessonAccount> {
    const body = await this.#post('/v1/accounts', { external_id: input.orderId, email: input.email, name: input.name }, input.orderId);
    const { id, first_login_url: firstLoginUrl } = body as { id?: unknown; first_login_url?: unknown };
    if (typeof id !== 'string' || typeof firstLoginUrl !== 'string' || !/^https:\/\//.test(firstLoginUrl)) {
      throw new Error('lesson school: unexpected account reply');
    }
    return { accountId: id, firstLoginUrl };
  }

  async singleSignOnUrl(accountId: string): Promise<string> {
    const body = (await this.#post(`/v1/accounts/${encodeURIComponent(accountId)}/sso-links`, {})) as { url?: unknown };
    if (typeof body.url !== 'string' || !/^https:\/\//.test(body.url)) throw new Error('lesson school: unexpected sign-on reply');
    return body.url;
  }

  async setAccountStatus(accountId: string, status: LessonAccountStatus): Promise<void> {
    await this.#post(`/v1/accounts/${encodeURIComponent(accountId)}/status`, { status }, undefined, 'PUT');
  }

  async #post(path: string, payload: unknown, idempotencyKey?: string, method: 'POST' | 'PUT' = 'POST'): Promise<unknown> {
    const response = await this.#fetch(`${this.#url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.#apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`lesson school: ${path} answered ${response.status}`);
    return response.json();
  }
}
