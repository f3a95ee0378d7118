// The auth calls (docs/api.md#auth). The session provider is their only caller.
import type { AuthStatusResponse, LoginRequest, LoginResponse } from '@cmp/shared';
import { apiClient } from './client';

export const fetchAuthStatus = () => apiClient.get<AuthStatusResponse>('/auth/status');

export const requestLogin = (body: LoginRequest) => apiClient.post<LoginResponse>('/auth/login', body);

/** No body: the bearer header says which session to end. */
export const requestLogout = () => apiClient.post<unknown>('/auth/logout');
