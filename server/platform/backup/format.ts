import type { MigrationState } from './catalog.ts';

/**
 * A backup is JSON lines, the same for both engines: this header; then per table, dependency order, a line naming
 * it and its columns followed by one line per row (a JSON array of each value's PostgreSQL text, or null); and a last
 * line with the totals, whose absence shows a file cut short.
 */
export interface Header {
  format: typeof formatName;
  version: typeof formatVersion;
  takenAt: string;
  engine: 'pglite' | 'postgres';
  migrations: MigrationState;
}

export const formatName = 'hearth-backup';
export const formatVersion = 1;

interface TableLine { table: string; columns: string[] }
export interface Totals { tables: number; rows: number }
interface EndLine { end: Totals }

/** What a file that cannot be restored says; the CLI prints its message alone. */
export class BackupError extends Error {}

export function parseHeader(line: string | undefined): Header {
  const header = parseLine(line ?? '') as Partial<Header> | undefined;
  if (header?.format !== formatName) throw new BackupError('This file is not a Hearth backup.');
  if (header.version !== formatVersion) {
    throw new BackupError(`This backup is in format ${String(header.version)}; this Hearth reads format ${formatVersion}.`);
  }
  return header as Header;
}

/** A line that is not a row: a table's start or the end. */
export function parseMarker(line: string): TableLine | EndLine {
  const marker = parseLine(line) as Partial<TableLine & EndLine> | undefined;
  if (marker && typeof marker.table === 'string' && Array.isArray(marker.columns)) return marker as TableLine;
  if (marker && typeof marker.end === 'object') return marker as EndLine;
  throw new BackupError(`The backup is damaged: unexpected line "${line.slice(0, 80)}".`);
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
