import { describe, expect, it } from 'vitest';
import { BLOCKED_ADVICE, checkView, outcomeTone, stalePriceNote } from './check-view';

const plain = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ');

describe('checkView', () => {
  it('shows the outcome as its badge text with the message and the time', () => {
    const view = checkView(
      { outcome: 'no_price', message: 'No price found on the page', checked_at: '2026-01-06T09:30:00Z' },
      'UTC',
    );

    expect({ ...view, when: plain(view.when) }).toEqual({
      outcome: 'no_price',
      label: 'No price',
      tone: 'secondary',
      message: 'No price found on the page',
      when: 'Jan 6, 2026, 09:30 AM',
      advice: null,
      failuresInRow: null,
    });
  });

  it('tells staff what to do about a blocked shop, and how long it has failed', () => {
    const view = checkView({
      outcome: 'blocked',
      message: 'Blocked: the shop refused the request (HTTP 403)',
      checked_at: '2026-01-06T09:30:00Z',
      consecutive_failures: 3,
    });

    expect(view.advice).toBe(BLOCKED_ADVICE);
    expect(view.advice).toBe(
      'The shop refuses automated checks: ask it to allow CheckMyPriceBot, use its product feed, or remove this URL.',
    );
    expect(view.failuresInRow).toBe('Could not be read in the last 3 checks');
    expect(view.tone).toBe('destructive');
  });

  it('says nothing of a single failure in a row', () => {
    const view = checkView({
      outcome: 'failed',
      message: 'HTTP 500',
      checked_at: '2026-01-06T09:30:00Z',
      consecutive_failures: 1,
    });

    expect(view).toMatchObject({ label: 'Failed', advice: null, failuresInRow: null });
  });

  it('colours what needs a look apart from what could not be read', () => {
    expect(
      (['ok', 'review', 'wrong_product', 'out_of_stock_no_price', 'failed'] as const).map(outcomeTone),
    ).toEqual(['success', 'warning', 'warning', 'secondary', 'destructive']);
  });
});

describe('stalePriceNote', () => {
  const check = { checked_at: '2026-01-06T09:30:00Z', message: 'Blocked: the shop showed a captcha' };

  it('says when the compared price is older than the latest check', () => {
    expect(plain(stalePriceNote('2026-01-05T09:30:00Z', check, 'UTC'))).toBe(
      'Compared price from Jan 5, 2026, 09:30 AM; latest check Jan 6, 2026, 09:30 AM: Blocked: the shop showed a captcha',
    );
  });

  it('is null when the compared price is the latest check, or either is missing', () => {
    expect(stalePriceNote(check.checked_at, check)).toBeNull();
    expect(stalePriceNote(null, check)).toBeNull();
    expect(stalePriceNote('2026-01-05T09:30:00Z', null)).toBeNull();
  });
});
