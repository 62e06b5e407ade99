import type { APIRequestContext, Page } from '@playwright/test';
import type { BodyInputOf } from '@hearth/contract/endpoint';
import * as family from '@hearth/contract/family';
import * as todos from '@hearth/contract/todos';
import { callApi } from './api.ts';
import type { ApiSession } from './session.ts';

export async function newTodoListViaApi(request: APIRequestContext, s: ApiSession, title: string): Promise<string> {
  return (await callApi(request, todos.createTodoList, { token: s.token, body: { title } })).id;
}

export async function addTaskViaApi(
  request: APIRequestContext, s: ApiSession, body: BodyInputOf<typeof todos.createTask>,
): Promise<todos.TodoTask> {
  return callApi(request, todos.createTask, { token: s.token, body });
}

export async function listTasksViaApi(request: APIRequestContext, s: ApiSession, listId: string): Promise<todos.TodoTask[]> {
  return callApi(request, todos.getListTasks, { token: s.token, params: { listId }, query: { showDone: 'true' } });
}

export async function choreChartViaApi(request: APIRequestContext, s: ApiSession): Promise<todos.ChoreChart> {
  return callApi(request, todos.getChoreChart, { token: s.token });
}

/** A child: a member without an account. */
export async function addChildViaApi(request: APIRequestContext, s: ApiSession, name: string): Promise<family.FamilyMember> {
  return callApi(request, family.addMember, { token: s.token, body: { name, email: null, birthday: null } });
}

/** The task rows shown, top to bottom. */
export const taskRows = (page: Page) => page.getByTestId('todo-task');
/** The row whose task reads `title`. */
export const taskRow = (page: Page, title: string) =>
  taskRows(page).filter({ has: page.locator('.task-title', { hasText: title }) });
