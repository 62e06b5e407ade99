/**
 * Gives each request autocannon sends a fresh Idempotency-Key, as the web client does with every add. autocannon's
 * worker `require`s this file and calls what it returns, hence the `module.exports` export name.
 */
import { randomUUID } from 'node:crypto';
import { idempotencyHeader } from '@hearth/contract/endpoint';

interface Request { headers?: Record<string, string> }

function withKey(request: Request): Request {
  request.headers = { ...request.headers, [idempotencyHeader]: randomUUID() };
  return request;
}

export { withKey as 'module.exports' };
