/**
 * useAddressParams: a change applies to the latest address, even when it follows another change
 * before React rendered it (React Router renders a navigation as a transition: a click on "All"
 * then typing at once in the search used to bring the old status back, the e2e registrations run).
 */
import { act } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getByTestId, render, textOf } from '../test/render';
import { useAddressParams } from './useAddressParams';

let update: ReturnType<typeof useAddressParams>[1] = () => {};

function Probe() {
  const [params, change] = useAddressParams();
  update = change;
  const location = useLocation();
  return (
    <p data-testid="probe">
      {location.search}|{params.get('status') ?? ''}
    </p>
  );
}

describe('useAddressParams', () => {
  it('builds each change on the one before, rendered or not, and keeps the other keys', async () => {
    await render(<Probe />, { path: '/onboarding/list?status=in_progress&sort=name' });
    expect(textOf(getByTestId('probe'))).toBe('?status=in_progress&sort=name|in_progress');
    const stale = update;
    // Two changes from the same render (the second handler has not seen the first's address).
    await act(async () => {
      stale((next) => next.delete('status'));
      stale((next) => next.set('q', 'northfield'));
    });
    expect(textOf(getByTestId('probe'))).toBe('?sort=name&q=northfield|');
    // A later change, after the render, still starts from the latest address.
    await act(async () => update((next) => next.set('status', 'pending')));
    expect(textOf(getByTestId('probe'))).toBe('?sort=name&q=northfield&status=pending|pending');
  });
});
