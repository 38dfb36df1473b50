import { api } from '../../shared/api';
import type { User, UserBody, UserCreateBody, UserCreated, UserList } from './types';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<User[], void>({
      query: () => 'users',
      transformResponse: (answer: UserList) => answer.items,
      providesTags: ['users'],
    }),
    getUser: build.query<User, number>({
      query: (id) => `users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'users', id }],
    }),
    createUser: build.mutation<UserCreated, UserCreateBody>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
      invalidatesTags: ['users'],
    }),
    // Editing oneself changes the header's name too.
    updateUser: build.mutation<UserCreated, { id: number; body: UserBody }>({
      query: ({ id, body }) => ({ url: `users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['users', 'me'],
    }),
  }),
});

export const { useGetUsersQuery, useGetUserQuery, useCreateUserMutation, useUpdateUserMutation } = usersApi;
