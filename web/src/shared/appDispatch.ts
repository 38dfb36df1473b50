import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's dispatch as features see it (plain actions and thunks), so that they need not import the app's
 * store: `app/store`'s dispatch is one of these.
 */
export type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
