import * as z from 'zod';
import { idNumber, idText } from './ids';
import { pageFieldsShape, pagingShape } from './list-query';

/**
 * Suggested matches between our products and products found at a competitor (issue 32,
 * docs/rules.md#24-competitors-and-matching), which staff accept (the competitor URL is added) or
 * reject (the pair is never suggested again).
 */

export const MATCH_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_REASONS = ['gtin', 'mpn', 'name'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];
/** The least name score suggested unless an admin sets another. */
export const DEFAULT_MATCH_THRESHOLD = 0.8;
/** At most this many suggestions accepted by ids in one request. */
export const MAX_BULK_ACCEPT_IDS = 500;

export const matchSuggestionSchema = z.strictObject({
  id: z.number().int(),
  competitor_id: z.number().int(),
  status: z.enum(MATCH_STATUSES),
  reason: z.enum(MATCH_REASONS),
  /** 1 for identifiers, the names' likeness (0–1) otherwise. */
  score: z.number(),
  ours: z.strictObject({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    gtin: z.string().nullable(),
    mpn: z.string().nullable(),
    price: z.number(),
  }),
  theirs: z.strictObject({
    url: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    gtins: z.array(z.string()),
    mpn: z.string().nullable(),
    sku: z.string().nullable(),
    price: z.number().nullable(),
    currency: z.string().nullable(),
  }),
  created_at: z.string(),
  /** When and by whom it was accepted or rejected; null while pending. */
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The competitor URL accepting it added; null otherwise. */
  competitor_url_id: z.number().int().nullable(),
});
export type MatchSuggestion = z.infer<typeof matchSuggestionSchema>;

const MIN_SCORE_MESSAGE = 'min_score must be a number from 0 to 1';

export const matchSuggestionListQuerySchema = z.object({
  ...pagingShape,
  status: z.enum(MATCH_STATUSES, { error: `status must be one of ${MATCH_STATUSES.join(', ')}` }).optional(),
  competitor_id: idText('competitor_id').optional(),
  reason: z.enum(MATCH_REASONS, { error: `reason must be one of ${MATCH_REASONS.join(', ')}` }).optional(),
  min_score: z
    .string(MIN_SCORE_MESSAGE)
    .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, MIN_SCORE_MESSAGE)
    .transform(Number)
    .optional(),
});
export type MatchSuggestionListQuery = z.output<typeof matchSuggestionListQuerySchema>;

export const matchSuggestionPageSchema = z.strictObject({
  success: z.literal(true),
  suggestions: z.array(matchSuggestionSchema),
  ...pageFieldsShape,
});

/** POST /api/match-suggestions/accept: the ids, or every pending one of a competitor with a reason. */
export const bulkAcceptSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(idNumber('ids'), 'ids must be a list of suggestion ids')
        .min(1, 'ids must name at least one suggestion')
        .max(MAX_BULK_ACCEPT_IDS, `At most ${MAX_BULK_ACCEPT_IDS} ids at once`),
    }),
    z.strictObject({
      competitor_id: idNumber('competitor_id'),
      reason: z.enum(MATCH_REASONS, { error: `reason must be one of ${MATCH_REASONS.join(', ')}` }),
    }),
  ],
  { error: 'Send { ids } or { competitor_id, reason }' },
);
export type BulkAccept = z.infer<typeof bulkAcceptSchema>;

export const bulkAcceptAnswerSchema = z.strictObject({
  success: z.literal(true),
  accepted: z.number().int(),
  /** Suggestions not accepted, each with why (the competitor URL's own refusal, or not pending). */
  errors: z.array(z.strictObject({ id: z.number().int(), error: z.string() })),
});
