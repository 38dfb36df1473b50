import { api } from '../../shared/api';
import type { LoginBody, LoginResponse, Me, NewPasswordBody, OkResponse, ResetRequestBody } from './types';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => 'me',
      providesTags: ['me'],
    }),
    loginCheck: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: 'login_check', method: 'POST', body }),
    }),
    logout: build.mutation<OkResponse, void>({
      query: () => ({ url: 'logout', method: 'POST', body: {} }),
    }),
    requestPasswordReset: build.mutation<OkResponse, ResetRequestBody>({
      query: (body) => ({ url: 'reset', method: 'POST', body }),
    }),
    setNewPassword: build.mutation<OkResponse, NewPasswordBody>({
      query: (body) => ({ url: 'newpassword', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetMeQuery,
  useLoginCheckMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useSetNewPasswordMutation,
} = authApi;
