import type { FeatureModule } from '../../platform/module.ts';
import { mealRoutes } from './routes.ts';

export const mealsModule: FeatureModule = { name: 'meals', routes: mealRoutes };
