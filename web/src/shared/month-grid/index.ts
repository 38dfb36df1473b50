export { MonthGrid } from './MonthGrid';
export { DAYS_PER_WEEK, GRID_WEEKS, gridStart, monthWeeks, type GridDay, type GridWeeks } from './weeks';
