import { useQueryClient } from '@tanstack/react-query';
import { registrationKeys } from './keys';

/**
 * After a write (or a refused one: a 409 means the record changed meanwhile): the record and
 * every list are fetched again, so the page, the rows and the summary cards show it as it is.
 */
export function useRegistrationChanged() {
  const qc = useQueryClient();
  return (id?: number) =>
    Promise.all([
      id ? qc.invalidateQueries({ queryKey: registrationKeys.detail(id) }) : undefined,
      qc.invalidateQueries({ queryKey: registrationKeys.lists() }),
    ]);
}
