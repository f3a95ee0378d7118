import * as z from 'zod';
import {
  bulkAcceptAnswerSchema,
  bulkAcceptSchema,
  matchSuggestionListQuerySchema,
  matchSuggestionPageSchema,
  matchSuggestionSchema,
} from '../match-suggestions';
import { defineRoutes, errors, idParams } from './route';

const suggestionAnswer = z.strictObject({ success: z.literal(true), suggestion: matchSuggestionSchema });

export const matchSuggestionRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/match-suggestions',
    summary:
      "Suggested matches between our products and competitors' products, best first, a page at a time: filter by status, competitor, reason and least score",
    request: { query: matchSuggestionListQuerySchema },
    responses: { 200: matchSuggestionPageSchema, ...errors(400, 401, 500) },
  },
  {
    method: 'POST',
    path: '/api/match-suggestions/{id}/accept',
    summary:
      "Accept a suggestion: its page becomes our product's competitor URL, with the same checks and errors as POST /api/competitor-urls",
    request: { params: idParams },
    responses: { 200: suggestionAnswer, ...errors(400, 401, 404, 409, 500) },
  },
  {
    method: 'POST',
    path: '/api/match-suggestions/{id}/reject',
    summary: 'Reject a suggestion: the pair is never suggested again',
    request: { params: idParams },
    responses: { 200: suggestionAnswer, ...errors(400, 401, 404, 409, 500) },
  },
  {
    method: 'POST',
    path: '/api/match-suggestions/accept',
    summary: 'Accept many pending suggestions: by their ids, or every one of a competitor with a reason',
    request: { body: bulkAcceptSchema },
    responses: { 200: bulkAcceptAnswerSchema, ...errors(400, 401, 415, 500) },
  },
);
