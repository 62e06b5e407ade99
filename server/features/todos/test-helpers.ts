import * as family from '@hearth/contract/family';
import * as api from '@hearth/contract/todos';
import type { SignedInUser } from '../../test/harness.ts';

async function created<T>(what: string, answer: Promise<{ status: number; body: any }>): Promise<T> {
  const res = await answer;
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export const newTodoList = (user: SignedInUser, title = 'Chores') =>
  created<api.TodoList>('create list', user.call(api.createTodoList, { body: { title } }));

export const newTask = (user: SignedInUser, body: Record<string, unknown>) =>
  created<api.TodoTask>('create task', user.call(api.createTask, { body: { title: 'Task', ...body } }));

/** A member without an account (a child). */
export const newChild = (admin: SignedInUser, name = 'Mia') =>
  created<family.FamilyMember>('add child', admin.call(family.addMember, { body: { name } }));

/** The caller's own member id. */
export async function memberIdOf(user: SignedInUser): Promise<string> {
  const members = (await user.call(family.listMembers)).body as family.FamilyMember[];
  return members.find((m) => m.userId === user.user.id)!.id;
}
