/** What seeded families are made of: names a family would type, each list long enough that a family rarely repeats. */

export const firstNames = [
  'Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Felix', 'Grace', 'Hugo', 'Iris', 'Jonah', 'Kira', 'Liam', 'Maya', 'Noah',
  'Olivia', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Wes', 'Ximena', 'Yusuf', 'Zoe',
];

export const familyNames = [
  'Garcia', 'Nguyen', 'Okafor', 'Schmidt', 'Rossi', 'Kowalski', 'Tanaka', 'Haddad', 'Johnson', 'Silva', 'Novak',
  'Murphy', 'Larsen', 'Cohen', 'Patel', 'Dubois', 'Moreau', 'Ibrahim', 'Lindqvist', 'Park',
];

/** At least 80 grocery names whose singulars differ, so a list of 80 open items holds no two that would merge. */
export const groceryNames = [
  'Milk', 'Eggs', 'Butter', 'Greek yogurt', 'Cheddar cheese', 'Mozzarella', 'Cream cheese', 'Sour cream',
  'Bananas', 'Apples', 'Oranges', 'Lemons', 'Limes', 'Strawberries', 'Blueberries', 'Grapes', 'Avocados',
  'Tomatoes', 'Onions', 'Garlic', 'Potatoes', 'Carrots', 'Broccoli', 'Spinach', 'Lettuce', 'Cucumber',
  'Bell peppers', 'Zucchini', 'Mushrooms', 'Celery', 'Sweet potatoes', 'Green beans', 'Corn',
  'Chicken breasts', 'Chicken thighs', 'Ground beef', 'Bacon', 'Salmon', 'Shrimp', 'Pork chops', 'Sausages',
  'Turkey slices', 'Ham', 'Tofu', 'Bread', 'Bagels', 'Tortillas', 'Pita bread', 'Croissants', 'Pasta',
  'Spaghetti', 'Rice', 'Quinoa', 'Oats', 'Flour', 'Sugar', 'Brown sugar', 'Olive oil', 'Vegetable oil',
  'Vinegar', 'Soy sauce', 'Ketchup', 'Mustard', 'Mayonnaise', 'Peanut butter', 'Jam', 'Honey', 'Maple syrup',
  'Cereal', 'Crackers', 'Chips', 'Popcorn', 'Cookies', 'Chocolate', 'Coffee', 'Tea', 'Orange juice',
  'Sparkling water', 'Black beans', 'Chickpeas', 'Canned tomatoes', 'Chicken broth', 'Frozen peas',
  'Ice cream', 'Frozen pizza', 'Toilet paper', 'Paper towels', 'Dish soap', 'Laundry detergent', 'Trash bags',
  'Toothpaste', 'Shampoo', 'Diapers', 'Dog food', 'Batteries', 'Aluminum foil', 'Basil', 'Cilantro', 'Ginger',
];

/** Units an item is often bought in, by name; others go without. */
export const groceryUnits: Record<string, string> = {
  Milk: 'gal', 'Ground beef': 'lb', 'Chicken breasts': 'lb', 'Chicken thighs': 'lb', Salmon: 'lb', Shrimp: 'lb',
  Flour: 'lb', Sugar: 'lb', Rice: 'lb', Potatoes: 'lb', Apples: 'lb', Grapes: 'lb', 'Orange juice': 'bottle',
  'Sparkling water': 'can', 'Black beans': 'can', Chickpeas: 'can', 'Canned tomatoes': 'can', Coffee: 'bag',
};

export const listTitles = ['Weekly shop', 'Costco run', 'Farmers market', 'Party supplies', 'Pharmacy & home'];

export const commentTexts = [
  'Get the organic ones if they have them', 'We are out of this again', 'The store brand is fine',
  'Can someone pick this up on the way home?', 'I grabbed some yesterday', 'Check the date on the milk',
  'Bigger pack is cheaper per unit', 'Got it!', 'They were out, will try tomorrow', 'Thanks!',
  'Don\'t forget the coupon', 'Only if on sale',
];

export const recipeNames = [
  'Chicken tacos', 'Spaghetti bolognese', 'Vegetable stir fry', 'Salmon with rice', 'Chili con carne',
  'Margherita pizza', 'Chicken curry', 'Beef stew', 'Lentil soup', 'Caesar salad', 'Pancakes', 'Omelette',
  'Mac and cheese', 'Fish tacos', 'Shrimp pad thai', 'Mushroom risotto', 'Burgers', 'Roast chicken',
  'Minestrone', 'Black bean burritos', 'Pork chops with apples', 'Greek salad', 'Tomato soup',
  'Banana bread', 'Fried rice', 'Shakshuka', 'Teriyaki salmon', 'Chicken noodle soup', 'Baked ziti', 'Quesadillas',
];

export const recipeVariants = ['', 'Easy ', 'Grandma\'s ', 'Weeknight ', 'Spicy ', 'Slow cooker '];

export const recipeDirections = [
  'Prep everything first. Cook the base, add the rest, season to taste and serve warm.',
  'Preheat the oven to 400°F. Combine, bake for 25 minutes, rest 5 minutes before serving.',
  'Brown the protein, add vegetables and sauce, simmer until done. Serve over rice or noodles.',
];

export const mealTagNames = ['Quick', 'Vegetarian', 'Kid friendly', 'Weeknight', 'Freezer', 'Holiday'];

export const eventTitles = [
  'Dentist', 'Soccer practice', 'Piano lesson', 'Parent-teacher meeting', 'Doctor appointment', 'Swim class',
  'Birthday party', 'Book club', 'Car service', 'Haircut', 'Date night', 'Grocery pickup', 'Playdate',
  'School concert', 'Vet appointment', 'Team dinner', 'Yoga', 'Library visit', 'Science fair', 'Family visit',
];

export const seriesTitles = [
  'Trash day', 'Soccer practice', 'Piano lesson', 'Swim class', 'Cleaner comes', 'Pay rent', 'Book club',
  'Date night', 'Water the plants', 'Grandma call',
];

export const eventCategories = ['general', 'appointment', 'school', 'sports', 'work', 'holiday'];

export const placeNames = [
  'Green Valley Market', 'Corner Bakery', 'Luigi\'s Pizzeria', 'Sunrise Pediatrics', 'Maple Street Library',
  'Riverside Park', 'City Pool', 'Main Street Pharmacy', 'Lakeside Elementary', 'Oak Hill Dental',
  'Golden Dragon', 'Taqueria El Sol', 'Hardware Depot', 'Pet Palace Vet', 'Blue Bottle Cafe', 'Farmers Market',
  'Community Center', 'Soccer Fields', 'Sushi Zen', 'The Burger Joint', 'Bookworm Books', 'Ice Rink',
  'Thai Orchid', 'Music School', 'Playground at 5th', 'Urgent Care', 'Costco', 'Trader Joe\'s', 'Bike Shop',
  'Grandma\'s House',
];

export const placeTags = ['Restaurant', 'Kids', 'Shopping', 'Health', 'Outdoors', 'Favorite'];

export const streets = ['Main St', 'Oak Ave', 'Maple Dr', 'Pine St', 'Elm St', 'Cedar Ln', 'Lake Rd', 'Park Ave'];

export const placeNotes = [
  'Parking is easier behind the building', 'Closed on Mondays', 'Ask for the window table', 'Great for rainy days',
  'Kids menu is good', 'Bring the loyalty card', 'Call ahead on weekends', 'Free entry on first Sundays',
];
