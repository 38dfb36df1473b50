/** What the app and other features use of this feature: the day view's mark (the screen is a lazy route). */
export { MessageFailedFlag } from './MessageFailedFlag';
