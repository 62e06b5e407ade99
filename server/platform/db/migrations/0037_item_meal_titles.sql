-- Titles kept one per element, so a meal called "Mac, cheese" stays one meal; rows from before are split as they were joined.
ALTER TABLE "meal_plan_item_meals" ALTER COLUMN "meals" SET DATA TYPE text[] USING string_to_array("meals", ', ');
