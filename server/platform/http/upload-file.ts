import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '@hearth/contract/errors';
import { rateLimited } from '../errors.ts';

/** An upload kept on disk while its request lasts (`upload.toFile` endpoints). */
export interface UploadedFile { path: string; bytes: number }

/** 413, answered with the route's own "too large" text. */
const tooLarge = () => Object.assign(new Error('upload too large'), { statusCode: 413 });

/**
 * Writes a body to a new temporary file only this process's user can read, stopping past `maxBytes` (413); a body
 * that fails or stops half-way leaves no file behind.
 */
export async function receiveToFile(body: Readable, maxBytes: number, folder = tmpdir()): Promise<UploadedFile> {
  const path = join(folder, `hearth-upload-${randomUUID()}`);
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, counted, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    return { path, bytes };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * Files received at once by this process: each may take as much disk as its endpoint's bound, so a few large
 * uploads at a time, the others asked to come back (429).
 */
export const filesAtOnce = 2;
let receiving = 0;

/**
 * Before a `toFile` upload's body is read: its announced size within the bound (413), and a place among the files
 * received at once (429). The place is given back, and the file removed, when the answer is sent or the connection
 * closes, whatever happened in between.
 */
export function admitFile(maxBytes: number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
    if (receiving >= filesAtOnce) throw rateLimited(errorMessages.uploadsBusy);
    receiving++;
    reply.raw.once('close', () => {
      receiving--;
      const file = request.body as UploadedFile | undefined;
      if (file?.path) void rm(file.path, { force: true });
    });
  };
}
