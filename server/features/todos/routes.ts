import * as api from '@hearth/contract/todos';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { ChartService } from './chart.ts';
import { CompletionService } from './completions.ts';
import { RewardService } from './rewards.ts';
import { TodoService } from './service.ts';

export function todoRoutes(app: App, deps: Deps): void {
  const todos = new TodoService(deps);
  route(app, deps, api.getTodoLists, ({ caller }) => todos.lists(caller));
  route(app, deps, api.createTodoList, ({ body, caller, db }) => todos.createList(caller, body, db));
  route(app, deps, api.updateTodoList, ({ params, body, caller }) => todos.updateList(caller, params.listId, body));
  route(app, deps, api.deleteTodoList, ({ params, caller }) => todos.deleteList(caller, params.listId));
  route(app, deps, api.getListTasks, ({ params, query, caller }) => todos.listTasks(caller, params.listId, query.showDone ?? false));
  route(app, deps, api.getTasks, ({ query, caller }) => todos.familyTasks(caller, query));
  route(app, deps, api.createTask, ({ body, caller, db }) => todos.createTask(caller, body, db));
  route(app, deps, api.updateTask, ({ params, body, caller }) => todos.updateTask(caller, params.taskId, body));
  route(app, deps, api.deleteTask, ({ params, caller }) => todos.deleteTask(caller, params.taskId));
  route(app, deps, api.reorderTasks, ({ params, query, body, caller }) =>
    todos.reorder(caller, params.listId, body, query.rebase ?? false));

  const completions = new CompletionService(deps);
  route(app, deps, api.completeTask, ({ params, body, caller, db }) =>
    completions.complete(caller, params.taskId, body.occurrenceDate, db));
  route(app, deps, api.skipTask, ({ params, body, caller, db }) => completions.skip(caller, params.taskId, body.occurrenceDate, db));
  route(app, deps, api.undoTask, ({ params, body, caller, db }) => completions.undo(caller, params.taskId, body.occurrenceDate, db));

  const chart = new ChartService(deps);
  route(app, deps, api.getChoreChart, ({ query, caller }) => chart.chart(caller, query.weekStart));

  const rewards = new RewardService(deps);
  route(app, deps, api.getRewards, ({ caller }) => rewards.rewards(caller));
  route(app, deps, api.createReward, ({ body, caller, db }) => rewards.create(caller, body, db));
  route(app, deps, api.updateReward, ({ params, body, caller }) => rewards.update(caller, params.rewardId, body));
  route(app, deps, api.deleteReward, ({ params, caller }) => rewards.remove(caller, params.rewardId));
  route(app, deps, api.redeemReward, ({ params, caller, db }) => rewards.redeem(caller, params.rewardId, db));
  route(app, deps, api.getRedemptions, ({ query, caller }) => rewards.redemptions(caller, query.memberId));
}
