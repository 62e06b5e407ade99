import type { APIRequestContext } from '@playwright/test';
import { fillPath, type BodyInputOf, type Endpoint, type ResponseOf } from '@hearth/contract/endpoint';

/**
 * Calls one contract endpoint from a test: path, method and types come from the contract, as in the web
 * client. Anything but a 2xx throws with the server's answer, so a broken fixture fails loudly.
 */
export async function callApi<E extends Endpoint>(
  request: APIRequestContext, e: E,
  input: {
    token?: string; params?: Record<string, string>; query?: Record<string, string>; body?: BodyInputOf<E>;
    headers?: Record<string, string>;
  } = {},
): Promise<ResponseOf<E>> {
  const url = fillPath(e.path, input.params) + (input.query ? `?${new URLSearchParams(input.query)}` : '');
  const res = await request.fetch(url, {
    method: e.method,
    headers: { ...input.headers, ...(input.token ? { authorization: `Bearer ${input.token}` } : {}) },
    ...(input.body !== undefined ? { data: input.body } : {}),
  });
  if (!res.ok()) throw new Error(`${e.method} ${e.path}: ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? null : await res.json()) as ResponseOf<E>;
}
