import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '@hearth/contract/errors';
import { admitFile, filesAtOnce, receiveToFile } from './upload-file.ts';

describe('files received to disk', () => {
  it('keeps a body within its bound, and stops past it with 413, no file left', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hearth-upload-test-'));
    const file = await receiveToFile(Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), 1000, folder);
    expect(file.bytes).toBe(1000);
    await expect(receiveToFile(Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), 1000, folder)).rejects.toMatchObject({ statusCode: 413 });
    expect(await readdir(folder)).toEqual([file.path.split('/').pop()]);
    await rm(folder, { recursive: true });
  });

  it(`receives ${filesAtOnce} at once, asks the next to come back (429), and gives the place back once answered`, async () => {
    const admit = admitFile(1000);
    const request = (bytes: number) => ({ headers: { 'content-length': String(bytes) }, body: undefined }) as unknown as FastifyRequest;
    const replies = Array.from({ length: filesAtOnce + 1 }, () => ({ raw: new EventEmitter() }) as unknown as FastifyReply);
    await expect(admit(request(1001), replies[0]!)).rejects.toMatchObject({ statusCode: 413 });
    for (const reply of replies.slice(0, filesAtOnce)) await admit(request(10), reply);
    await expect(admit(request(10), replies[filesAtOnce]!)).rejects.toMatchObject({ message: errorMessages.uploadsBusy });
    replies[0]!.raw.emit('close');
    await admit(request(10), replies[filesAtOnce]!);
    for (const reply of replies.slice(1)) reply.raw.emit('close');
  });
});
