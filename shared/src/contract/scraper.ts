import * as z from 'zod';
import { scheduleProblem } from '../schedule';
import {
  DEFAULT_SCRAPER_LOGS_LIMIT,
  MAX_SCRAPER_LOGS_LIMIT,
  scraperLogSchema,
  scraperStatsSchema,
  scraperStatusSchema,
} from '../scraper';
import { defineRoutes, errors, idParams, productIdParams } from './route';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_SCRAPER_LOGS_LIMIT}`;

const logsQuery = z.object({
  limit: z
    .string()
    .regex(new RegExp(`^\\d{1,${String(MAX_SCRAPER_LOGS_LIMIT).length}}$`), LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(MAX_SCRAPER_LOGS_LIMIT, LIMIT_MESSAGE))
    .default(DEFAULT_SCRAPER_LOGS_LIMIT),
});

/** The body of run and stop: the web sends an empty JSON object; nothing else is accepted. */
const emptyBody = z.object({}).strict();

/**
 * The schedule of scheduled runs, as its EventBridge rule holds it: on or off, the expression, the
 * time zone the expression is read in (EventBridge rules run in UTC), and when it next starts a run
 * (null when off, or when it uses what only EventBridge reads: L, W, #).
 */
export const scraperScheduleSchema = z.strictObject({
  enabled: z.boolean(),
  expression: z.string(),
  timezone: z.literal('UTC'),
  next_run_at: z.string().nullable(),
});
export type ScraperSchedule = z.infer<typeof scraperScheduleSchema>;

/** A new schedule (admins): an EventBridge expression we can read, so the next run can be shown. */
export const scraperScheduleInputSchema = z.strictObject({
  enabled: z.boolean('enabled must be true or false'),
  expression: z
    .string('expression is required')
    .trim()
    .max(256, 'expression is too long')
    .superRefine((expression, ctx) => {
      const problem = scheduleProblem(expression);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type ScraperScheduleInput = z.infer<typeof scraperScheduleInputSchema>;

const scheduleAnswer = z.strictObject({ success: z.literal(true), schedule: scraperScheduleSchema });

const started = z.strictObject({ success: z.literal(true), message: z.string(), run_id: z.string() });

export const scraperRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/scraper/status',
    summary: 'Whether a price check runs, with the latest run',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), status: scraperStatusSchema }),
      ...errors(401, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/scraper/logs',
    summary: 'The latest runs, newest first',
    request: { query: logsQuery },
    responses: {
      200: z.strictObject({ success: z.literal(true), logs: z.array(scraperLogSchema) }),
      ...errors(400, 401, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/scraper/stats',
    summary: 'Run statistics over the last 30 days',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), stats: scraperStatsSchema }),
      ...errors(401, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/scraper/schedule',
    summary: 'When scheduled price checks run (EventBridge expression in UTC) and the next one',
    request: {},
    responses: { 200: scheduleAnswer, ...errors(401, 500) },
  },
  {
    method: 'PUT',
    path: '/api/scraper/schedule',
    summary:
      'Turn scheduled price checks on or off and set when they run (admins only): an EventBridge cron(...) or rate(...) expression, UTC',
    request: { body: scraperScheduleInputSchema },
    responses: { 200: scheduleAnswer, ...errors(400, 401, 403, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/scraper/run',
    summary: 'Start a price check of every competitor URL (400 when there are none)',
    request: { body: emptyBody },
    responses: { 202: started, ...errors(400, 401, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/scraper/run/{productId}',
    summary:
      "Start a price check of one product's competitor URLs (the dashboard's AI analysis; 400 when it has none)",
    request: { params: productIdParams, body: emptyBody },
    responses: { 202: started, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/competitor-urls/{id}/check',
    summary: "'Check now': a price check of one competitor URL, through the same state machine as every run",
    request: { params: idParams, body: emptyBody },
    responses: { 202: started, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/scraper/stop',
    summary: 'Stop the running price check',
    request: { body: emptyBody },
    responses: {
      200: z.strictObject({ success: z.literal(true), message: z.string() }),
      ...errors(400, 401, 409, 415, 500),
    },
  },
);
