import { describe, expect, it } from 'vitest';
import { tFor } from '../../lib/strings';
import { formatAgo } from './parts';

describe('formatAgo (the supporters list): the shared strings, through the site t', () => {
  it('writes relative times in the page language', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    const en = tFor('en');
    const es = tFor('es');
    expect(formatAgo(en, '2026-05-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatAgo(es, '2026-05-07T12:00:00Z', now)).toBe('hace 3 días');
    expect(formatAgo(en, '2026-05-10T11:59:50Z', now)).toBe('this minute');
    expect(formatAgo(en, '2026-05-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatAgo(es, '2026-05-09T12:00:00Z', now)).toBe('ayer');
    expect(formatAgo(en, '2026-05-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatAgo(es, '2026-05-10T11:59:00Z', now)).toBe('hace 1 minuto');
    expect(formatAgo(en, '2026-04-26T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatAgo(es, '2025-05-10T12:00:00Z', now)).toBe('el año pasado');
    // A server clock slightly ahead is not "in 2 minutes".
    expect(formatAgo(en, '2026-05-10T12:02:00Z', now)).toBe('this minute');
  });
});
