import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded engine, made to survive a power cut. PGlite starts PostgreSQL with fsync off (`-F`), and its files
 * reach the disk through Emscripten's NODEFS, whose fdatasync does nothing and whose fsync has no operation to run:
 * a committed write could sit in the OS's cache when the machine stops. Durable, PostgreSQL runs with fsync on, its
 * WAL opened with O_DSYNC (`wal_sync_method=open_datasync`; NODEFS passes the flag on to Node as O_SYNC), so a
 * commit returns once its WAL is on disk; and NODEFS's fsync is given Node's, for what PostgreSQL syncs otherwise
 * (data files at a checkpoint, before it recycles the WAL that covered them; folders after a file is created).
 */

/** NODEFS with a working fsync (a file's or a folder's stream: NODEFS opens both). */
class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncing = (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncing as never] } };
  }
}

/** Where and how the engine keeps its data. */
export interface EngineStorage {
  dataDir?: string;
  /** Whether commits and checkpoints wait for the disk (the data folder's default); false only for tests. */
  fsync: boolean;
}

/** PGlite's start options for `storage`; `startParams` adds to PGlite's own. */
export function storageOptions(storage: EngineStorage, startParams: string[]): Pick<PGliteOptions, 'fs' | 'startParams'> {
  if (!storage.dataDir) return { startParams: [...PGlite.defaultStartParams, ...startParams] };
  if (!storage.fsync) return { fs: new NodeFS(storage.dataDir), startParams: [...PGlite.defaultStartParams, ...startParams] };
  return {
    fs: new SyncingNodeFS(storage.dataDir),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'), ...startParams, '-c', 'wal_sync_method=open_datasync',
    ],
  };
}
