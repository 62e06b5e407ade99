import * as api from '@hearth/contract/locations';
import type { SignedInUser } from '../../test/harness.ts';

export async function newTag(user: SignedInUser, name: string): Promise<api.Tag> {
  const res = await user.call(api.createTag, { body: { name } });
  if (res.status !== 201) throw new Error(`create tag: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newLocation(user: SignedInUser, body: Record<string, unknown>): Promise<api.Location> {
  const res = await user.call(api.createLocation, { body });
  if (res.status !== 201) throw new Error(`create location: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
