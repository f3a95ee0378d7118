// The auth calls (docs/api.md#auth). The session provider is their only caller.
import type { LoginRequest } from '@cmp/shared';
import { call } from './client';

export const fetchAuthStatus = () => call('GET /api/auth/status');

export const requestLogin = (body: LoginRequest) => call('POST /api/auth/login', { body });

/** No body: the bearer header says which session to end. */
export const requestLogout = () => call('POST /api/auth/logout');
