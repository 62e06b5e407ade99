import type { FeatureModule } from '../../platform/module.ts';
import { todoRoutes } from './routes.ts';

export const todosModule: FeatureModule = { name: 'todos', routes: todoRoutes };
