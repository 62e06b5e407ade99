import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Probes for whatever runs the server (a container's HEALTHCHECK, an orchestrator, a load balancer). Neither needs a
 * session; a probe that fails answers 503 with the usual `{ code: 'UNAVAILABLE', message }`, the message saying why.
 */

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'The process is alive and answering. Says nothing about the database: see /api/ready.',
  response: z.object({ status: z.literal('ok') }),
});

export const ready = endpoint({
  method: 'GET',
  path: '/api/ready',
  access: 'public',
  summary: 'Ready to serve: the database answers, its migrations are applied, live updates are listening and the server is not shutting down. 503 otherwise.',
  response: z.object({ status: z.literal('ready') }),
});

/** Why /api/ready answers 503. */
export const notReadyMessages = {
  databaseUnreachable: 'Not ready: the database does not answer.',
  migrationsMissing: 'Not ready: the database lacks migrations this server needs.',
  notListening: 'Not ready: live updates are reconnecting to the database.',
  shuttingDown: 'Not ready: the server is shutting down.',
} as const;
