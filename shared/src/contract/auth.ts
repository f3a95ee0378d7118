import { authStatusResponseSchema, loginRequestSchema, loginSuccessSchema } from '../auth';
import { defineRoutes, errors, successSchema } from './route';

export const authRoutes = defineRoutes(
  {
    method: 'POST',
    path: '/api/auth/login',
    public: true,
    summary: 'Sign in with an e-mail address or a username and the password; answers a bearer token',
    request: { body: loginRequestSchema },
    responses: { 200: loginSuccessSchema, ...errors(400, 401, 415, 429, 500) },
  },
  {
    method: 'GET',
    path: '/api/auth/status',
    public: true,
    summary: 'Whether the presented token is still good (never 401)',
    request: {},
    responses: { 200: authStatusResponseSchema, ...errors(500) },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    readOnly: true,
    summary: 'Sign out: ends the session of the presented token',
    request: {},
    responses: { 200: successSchema, ...errors(401, 500) },
  },
);
