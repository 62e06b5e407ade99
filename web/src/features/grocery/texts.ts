import { groceryMessages as server } from '@hearth/contract/grocery';

/**
 * Every text the grocery screens show: the server's messages (from the contract, shown as the server sends them)
 * and the web's own texts of the spec.
 */
export const groceryMessages = {
  ...server,
  createListFailed: 'Failed to create list',
  saveOrderFailed: 'Failed to save item order',
  togglePurchasedFailed: 'Failed to toggle purchased status',
  deleteItemFailed: 'Failed to delete item',
  deleteListFailed: 'Failed to delete list',
  addItemFailed: 'Failed to add grocery item',
  addRecurringItemFailed: 'Failed to add recurring grocery item',
  loadCommentsFailed: 'Failed to load comments',
  postCommentFailed: 'Failed to post comment',
  archiveCommentFailed: 'Failed to archive comment',
  postReplyFailed: 'Failed to post reply',
  clearCommentsFailed: 'Failed to clear comments.',
  loadRecurringFailed: 'Failed to load recurring items',
  loadListsFailed: 'Failed to load grocery lists',
  saveRecurringFailed: 'Failed to save recurring item',
  deleteRecurringFailed: 'Failed to delete recurring item',
  noRecurringItems: 'No recurring items yet. Add one to get started!',
  loadItemsFailed: 'Failed to load items',
  listMissing: 'This list does not exist or was deleted.',
  loadingUser: 'Loading user info',
  missingFamily: 'Error: Missing family ID.',
  quantityMin: 'Quantity must be 0 or more',
  nameRequired: 'Name is required',
  listRequired: 'List is required',
} as const;
