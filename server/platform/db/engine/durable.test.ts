import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { templateDump } from '../../../test/databases.ts';
import { storageOptions } from './durable.ts';

/**
 * A durable data folder's commits and checkpoints reach the disk: seen from the system calls Node makes for
 * PGlite's file system (PGlite runs on this thread here, so its `fs` calls are this module's).
 */

const folders: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function open(fsync: boolean): Promise<PGlite> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-durable-'));
  folders.push(dataDir);
  // Filled from the migrated dump: a new folder's initdb took most of each test's time on a busy machine.
  return PGlite.create({ ...storageOptions({ dataDir, fsync }, []), loadDataDir: await templateDump(inject('templates')) });
}

const setting = async (db: PGlite, name: string) => (await db.query<Record<string, string>>(`show ${name}`)).rows[0]![name];

describe('the embedded database on disk', () => {
  it('syncs by default: a commit writes its WAL synchronously, a checkpoint fsyncs the files it wrote', async () => {
    const db = await open(true);
    try {
      expect(await setting(db, 'fsync')).toBe('on');
      expect(await setting(db, 'wal_sync_method')).toBe('open_datasync');
      const opens = vi.spyOn(fs, 'openSync');
      const syncs = vi.spyOn(fs, 'fsyncSync');
      await db.exec('create table kept (v int); insert into kept values (1)');
      // A WAL segment is opened again after a switch; its writes then wait for the disk (O_SYNC).
      await db.exec('select pg_switch_wal(); insert into kept values (2)');
      const walOpens = opens.mock.calls.filter(([path]) => String(path).includes('pg_wal/0'));
      expect(walOpens.some(([, flags]) => typeof flags === 'number' && (flags & fs.constants.O_SYNC) === fs.constants.O_SYNC))
        .toBe(true);
      await db.exec('checkpoint');
      expect(syncs.mock.calls.length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('syncs nothing with fsync off, for tests', async () => {
    const db = await open(false);
    try {
      expect(await setting(db, 'fsync')).toBe('off');
      const syncs = vi.spyOn(fs, 'fsyncSync');
      await db.exec('create table kept (v int); insert into kept values (1); checkpoint');
      expect(syncs).not.toHaveBeenCalled();
    } finally {
      await db.close();
    }
  });
});
