import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { AppDispatch } from '../../shared/appDispatch';
import { useLogoutMutation } from './authApi';
import { signOut } from './session';

/**
 * §2.3 Logout / Sign Out: revokes the token on the server (POST /api/logout), then removes the stored auth and
 * goes to /admin/login. The stored auth goes even when the server cannot be reached.
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [revoke, { isLoading }] = useLogoutMutation();
  async function logout() {
    await revoke();
    await navigate('/admin/login');
    dispatch(signOut());
  }
  return { logout, isLoggingOut: isLoading };
}
