import type { Readable } from 'node:stream';
import { familyDataMessages as m } from '@hearth/contract/family-data';
import { accessMessages } from '@hearth/contract/permissions';
import { requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { minutes } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import type { UploadedFile } from '../../platform/http/upload-file.ts';
import { conflict, notFound, rateLimited } from '../../platform/errors.ts';
import { familyArchive } from './export.ts';
import { importFamily } from './import.ts';

/** Exports of one family a minute: a download is one click, and each reads the whole family. */
export const exportWindows = [{ max: 6, ms: minutes(1) }];
/** Imports by one user a day. */
export const importWindows = [{ max: 10, ms: minutes(24 * 60) }];

export const exportTooOften = 'Your family\'s data was downloaded several times just now. Please try again in a minute.';

export class FamilyDataService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Any member: the family's archive, streamed. */
  async export(caller: Caller): Promise<{ archive: Readable; fileName: string }> {
    const me = requireFamily(caller);
    if (!(await this.deps.throttle.claim(`family-export:${me.familyId}`, exportWindows))) throw rateLimited(exportTooOften);
    const now = this.deps.clock.now();
    const archive = await familyArchive(this.deps.db, me, now);
    if (!archive) throw notFound(accessMessages.familyNotFound);
    return { archive, fileName: `hearth-family-${now.toISOString().slice(0, 10)}.zip` };
  }

  /** A signed-in user without a family founds one from an archive (`importFamily`). */
  async import(caller: Caller, archive: UploadedFile) {
    if (caller.familyId) throw conflict(m.alreadyInFamily);
    if (!(await this.deps.throttle.claim(`family-import:${caller.userId}`, importWindows))) throw rateLimited(m.tooOften);
    return importFamily(this.deps, caller, archive);
  }
}
