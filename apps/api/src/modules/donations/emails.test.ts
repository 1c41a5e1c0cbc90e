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

describe('the refund of a sponsorship (decision 019)', () => {
  const sponsorRefund = (language: string) =>
    renderRefund({
      language,
      donorFirstName: 'Rosa',
      receiptNumber: 'FC-00000077',
      refundedCents: 25_000,
      totalRefundedCents: 25_000,
      chargeCents: 25_000,
      organizationName: 'Riverside Rockets',
      campaignTitle: 'Riverside Rockets',
      playerName: null,
      date: new Date('2026-11-26T12:00:00Z'),
      link: 'http://localhost:3000/donations/x/thank-you',
      sponsorship: true,
    });

  it.each([
    ['en', /^Refund of \$250\.00: your sponsorship of Riverside Rockets$/, 'See your sponsorship'],
    ['es', /^Reembolso de 250,00\sUS\$: tu patrocinio de Riverside Rockets$/, 'Ver tu patrocinio'],
  ])('in %s it names the sponsorship, never a donation', (lang, subject, link) => {
    const mail = sponsorRefund(lang);
    expect(mail.subject).toMatch(subject);
    expect(mail.text).toContain(link);
    // The link's address says /donations/; the words never do.
    const words = `${mail.subject} ${mail.text} ${mail.html}`.replaceAll('/donations/', '/');
    expect(words).not.toMatch(/donation|donación/i);
  });
});
