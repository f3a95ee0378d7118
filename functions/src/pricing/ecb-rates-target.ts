/**
 * The daily exchange-rate function, defined once for CDK's rule and function
 * (infra/lib/exchange-rates.construct.ts) and the entry checks: the ECB publishes its reference
 * rates around 16:00 CET on working days, so the rule runs after that.
 */
export const ecbRatesTarget = {
  entry: 'src/pricing/ecb-rates.handler.ts',
  needs: ['table'],
  timeoutSeconds: 30,
  /** EventBridge cron fields (UTC): 17:00 Monday to Friday. */
  schedule: { minute: '0', hour: '17', weekDay: 'MON-FRI' },
  retries: 2,
} as const;
