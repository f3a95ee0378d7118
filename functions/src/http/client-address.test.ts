import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const SECRET = 'origin-verify-secret-for-unit-tests-0123456789';
const EDGE = '130.176.100.154';

describe('clientAddress behind CloudFront (origin-verify configured)', () => {
  it("takes the viewer address CloudFront appended to x-forwarded-for, not the edge's", () => {
    const found = clientAddress({
      headers: { 'x-origin-verify': SECRET, 'x-forwarded-for': '203.0.113.7' },
      sourceIp: EDGE,
      originVerify: [SECRET],
    });
    expect(found).toEqual({ refused: false, address: '203.0.113.7' });
  });

  it('ignores entries a client prepended to x-forwarded-for', () => {
    const found = clientAddress({
      headers: { 'x-origin-verify': SECRET, 'x-forwarded-for': '198.51.100.1, 10.0.0.1,203.0.113.7' },
      sourceIp: EDGE,
      originVerify: [SECRET],
    });
    expect(found).toEqual({ refused: false, address: '203.0.113.7' });
  });

  it('skips the edge address when API Gateway appended it after the viewer', () => {
    const found = clientAddress({
      headers: { 'x-origin-verify': SECRET, 'x-forwarded-for': `198.51.100.1, 203.0.113.7, ${EDGE}` },
      sourceIp: EDGE,
      originVerify: [SECRET],
    });
    expect(found).toEqual({ refused: false, address: '203.0.113.7' });
  });

  it('refuses a request without the header: it did not come through CloudFront', () => {
    const found = clientAddress({
      headers: { 'x-forwarded-for': '203.0.113.7' },
      sourceIp: '198.51.100.9',
      originVerify: [SECRET],
    });
    expect(found).toEqual({ refused: true });
  });

  it('refuses a wrong header, whether its length differs or not', () => {
    for (const wrong of ['guess', `${SECRET.slice(0, -1)}X`, `${SECRET}X`, '']) {
      const found = clientAddress({
        headers: { 'x-origin-verify': wrong, 'x-forwarded-for': '203.0.113.7' },
        sourceIp: '198.51.100.9',
        originVerify: [SECRET],
      });
      expect(found, wrong).toEqual({ refused: true });
    }
  });
});

describe('clientAddress during a rotation of the origin-verify secret', () => {
  const PREVIOUS = 'origin-verify-previous-value-for-unit-tests-012';
  const during = (presented: string) =>
    clientAddress({
      headers: { 'x-origin-verify': presented, 'x-forwarded-for': '203.0.113.7' },
      sourceIp: EDGE,
      originVerify: [SECRET, PREVIOUS],
    });

  it('accepts the new value and the one CloudFront sends until the next deploy', () => {
    expect(during(SECRET)).toEqual({ refused: false, address: '203.0.113.7' });
    expect(during(PREVIOUS)).toEqual({ refused: false, address: '203.0.113.7' });
  });

  it('refuses any other value', () => {
    for (const wrong of ['guess', `${PREVIOUS}X`, `${SECRET}${PREVIOUS}`, '']) {
      expect(during(wrong), wrong).toEqual({ refused: true });
    }
  });
});

describe('clientAddress with nothing in front of the API (origin-verify not configured)', () => {
  it('is the connecting address, whatever x-forwarded-for says', () => {
    const found = clientAddress({
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-origin-verify': 'anything' },
      sourceIp: '127.0.0.1',
      originVerify: null,
    });
    expect(found).toEqual({ refused: false, address: '127.0.0.1' });
  });
});
