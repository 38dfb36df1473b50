import { Button, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { api } from '../../shared/api';
import { errorCode, errorMessage } from '../../shared/errorMessages';
import { PageSpinner } from '../../shared/states/PageSpinner';
import type { AppDispatch } from '../../shared/appDispatch';
import { useGetMeQuery } from './authApi';
import { signedIn, signedOut, selectToken } from '../../shared/authSlice';
import { tokenFromStorageEvent } from '../../shared/authStorage';
import { CurrentUserContext } from '../../shared/currentUser';
import { returnState } from './returnPath';

/** Follows sign-ins and sign-outs made in another tab of the same browser. */
function useAuthFromOtherTabs() {
  const dispatch = useDispatch<AppDispatch>();
  const token = useSelector(selectToken);
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      const stored = tokenFromStorageEvent(event);
      if (stored === undefined || stored === token) return;
      dispatch(api.util.resetApiState());
      dispatch(stored ? signedIn(stored) : signedOut());
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, token]);
}

/**
 * §2.3: the signed-in pages. Without a stored token, or once the identity call (or any other) answers
 * Unauthorized, the visitor goes to /admin/login, which brings them back here after signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  const location = useLocation();
  const { data: me, error, isFetching, refetch } = useGetMeQuery(token ? undefined : skipToken);
  useAuthFromOtherTabs();

  if (!token) return <Navigate replace to="/admin/login" state={returnState(location)} />;
  if (me) return <CurrentUserContext value={me}>{children}</CurrentUserContext>;
  if (error && errorCode(error) !== 'UNAUTHORIZED') {
    return (
      <NonIdealState
        className="page-state"
        icon="error"
        title={t('admin.loadFailed')}
        description={errorMessage(t, error)}
        action={
          <Button intent="primary" icon="refresh" loading={isFetching} onClick={() => void refetch()}>
            {t('admin.tryAgain')}
          </Button>
        }
      />
    );
  }
  return <PageSpinner />;
}
