// The category filter's values besides a category id, the same on the Products page and the Dashboard.
export const ALL_CATEGORIES = 'all';
export const UNCATEGORIZED = 'none';
