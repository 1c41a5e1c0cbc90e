import { describe, expect, it } from 'vitest';
import { eventKeyOf } from './posts.service.js';

describe('BAND event keys (decision 021)', () => {
  it('a launch, an invitation, a goal and a thank-you are one event each, whenever asked', () => {
    for (const kind of ['campaign_launch', 'campaign_invite', 'goal_reached', 'thank_you'])
      expect(eventKeyOf(7, kind, 42, new Date('2026-11-26T10:00:00Z'))).toBe(
        eventKeyOf(7, kind, 42, new Date('2027-03-01T10:00:00Z')),
      );
  });

  it('the at-risk nudge is one event per week (Monday to Sunday, UTC)', () => {
    const key = (iso: string) => eventKeyOf(7, 'at_risk_nudge', 42, new Date(iso));
    // Thursday 26 November 2026: its week starts on Monday the 23rd.
    expect(key('2026-11-26T10:00:00Z')).toBe('team:7:at_risk_nudge:42:2026-11-23');
    expect(key('2026-11-23T00:00:00Z')).toBe(key('2026-11-29T23:59:59Z'));
    expect(key('2026-11-30T00:00:00Z')).toBe('team:7:at_risk_nudge:42:2026-11-30');
    // Across a year's end.
    expect(key('2027-01-01T12:00:00Z')).toBe('team:7:at_risk_nudge:42:2026-12-28');
    expect(eventKeyOf(8, 'at_risk_nudge', 42, new Date('2026-11-26T10:00:00Z'))).not.toBe(key('2026-11-26T10:00:00Z'));
  });
});
