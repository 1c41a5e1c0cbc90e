import { describe, expect, it } from 'vitest';
import { sentence } from '../../lib/text.js';
import { renderReceipt } from './emails.js';
import { renderRefund } from './refund-email.js';

const receipt = (language: string, playerName: string | null) =>
  renderReceipt({
    language,
    donorFirstName: 'Dana',
    receiptNumber: 'FC-00000042',
    amountCents: 2500,
    coverFeeCents: 0,
    organizationName: 'Riverside Youth',
    campaignTitle: 'Spring drive',
    playerName,
    feeLabel: null,
    method: 'card',
    date: new Date('2026-11-26T12:00:00Z'),
    link: 'http://localhost:3000/donations/x/thank-you',
  });

const refund = (language: string, playerName: string | null) =>
  renderRefund({
    language,
    donorFirstName: 'Dana',
    receiptNumber: 'FC-00000042',
    refundedCents: 500,
    totalRefundedCents: 500,
    chargeCents: 2500,
    organizationName: 'Riverside Youth',
    campaignTitle: 'Spring drive',
    playerName,
    date: new Date('2026-11-26T12:00:00Z'),
    link: 'http://localhost:3000/donations/x/thank-you',
  });

describe('a sentence ending in a name that ends in an initial (issue 12: "supporting Ella B..")', () => {
  it.each([
    ['en', 'supporting Ella B.\n'],
    ['es', 'a favor de Ella B.\n'],
  ])('the %s receipt and refund email end it with one period', (lang, ending) => {
    for (const mail of [receipt(lang, 'Ella B.'), refund(lang, 'Ella B.')]) {
      expect(mail.text).toContain(ending);
      expect(mail.text).not.toMatch(/[^.]\.\.(?!\.)/);
      expect(mail.html).not.toMatch(/[^.]\.\.(?!\.)/);
    }
  });

  it('a name without a period still gets one, and no player means none', () => {
    expect(receipt('en', 'Ella Bell').text).toContain('supporting Ella Bell.\n');
    expect(receipt('en', null).text).toContain('to Spring drive (Riverside Youth).\n');
  });

  it.each([
    ['supporting Ella B', 'supporting Ella B.'],
    ['supporting Ella B.', 'supporting Ella B.'],
    ['Thanks!', 'Thanks!'],
    ['Really?', 'Really?'],
    ['to Acme Inc. ', 'to Acme Inc.'],
  ])('sentence(%j) is %j', (input, output) => expect(sentence(input)).toBe(output));
});
