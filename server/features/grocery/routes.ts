import * as api from '@hearth/contract/grocery';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { CommentService } from './comment-service.ts';
import { listWrite } from './public.ts';
import { RecurringService } from './recurring-service.ts';
import { listsWithSession } from './repository/lists.ts';
import { GroceryService } from './service.ts';

export function groceryRoutes(app: App, deps: Deps): void {
  const grocery = new GroceryService(deps);
  route(app, deps, api.getLists, async ({ params, caller, read }) => grocery.lists(caller, params.familyId, read),
    { readWithSession: listsWithSession });
  route(app, deps, api.createList, ({ body, caller, db }) => grocery.createList(caller, body, db));
  route(app, deps, api.deleteList, ({ params, caller }) => grocery.deleteList(caller, params.listId));
  route(app, deps, api.getItems, async ({ params, caller, read }) => grocery.items(caller, params.listId, read),
    { readWithSession: grocery.itemsRead, reusesAnswers: true });
  route(app, deps, api.addItem, ({ body, caller, db, key }) => grocery.addItem(caller, body, db, key),
    { queueBy: ({ body }) => listWrite(body.listId) });
  route(app, deps, api.updateItem, ({ params, body, caller }) => grocery.updateItem(caller, params.itemId, body));
  route(app, deps, api.deleteItem, ({ params, caller }) => grocery.deleteItem(caller, params.itemId));
  route(app, deps, api.reorderItems, ({ body, query, caller }) => grocery.reorder(caller, body, query.rebase ?? false));
  route(app, deps, api.clearPurchased, ({ params, caller }) => grocery.clearPurchased(caller, params.listId),
    { queueBy: ({ params }) => listWrite(params.listId) });
  route(app, deps, api.getSuggestions, ({ params, query, caller }) => grocery.suggestions(caller, params.familyId, query.q));
  route(app, deps, api.getCategories, ({ params, caller }) => grocery.categories(caller, params.familyId));
  route(app, deps, api.getCategoryOrder, ({ params, caller }) => grocery.categoryOrder(caller, params.familyId));
  route(app, deps, api.setCategoryOrder, ({ params, body, caller }) =>
    grocery.setCategoryOrder(caller, params.familyId, body.categories));

  const comments = new CommentService(deps);
  route(app, deps, api.getComments, ({ params, caller }) => comments.comments(caller, params.listId));
  route(app, deps, api.addComment, ({ body, caller, db }) => comments.add(caller, body, db),
    { queueBy: ({ body }) => listWrite(body.listId) });
  route(app, deps, api.archiveComment, ({ params, caller }) => comments.archive(caller, params.id));
  route(app, deps, api.archiveListComments, ({ params, caller }) => comments.archiveList(caller, params.listId));

  const recurring = new RecurringService(deps);
  route(app, deps, api.getRecurringItems, ({ params, caller }) => recurring.list(caller, params.familyId));
  route(app, deps, api.createRecurringItem, ({ body, caller, db }) => recurring.create(caller, body, db));
  route(app, deps, api.updateRecurringItem, ({ params, body, caller }) => recurring.update(caller, params.id, body));
  route(app, deps, api.deleteRecurringItem, ({ params, caller }) => recurring.remove(caller, params.id));
}
