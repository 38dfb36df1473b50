/** What staff set on a category (§3 Category). Ids and timestamps live beside it. */
export interface CategoryFields {
  name: string;
  /** The category offered first to a new calendar. Only one category holds it at a time (see the projection). */
  isDefault: boolean;
}

export const categoryStream = (categoryId: number): string => `category-${categoryId}`;

/** §8: the text staff see when a delete is refused because calendars still use the category. */
export const CATEGORY_IN_USE_MESSAGE =
  'The category could not be deleted. Make sure the category is not currently in use.';
