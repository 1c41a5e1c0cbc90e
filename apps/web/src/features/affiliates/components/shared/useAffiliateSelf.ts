import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useMyAffiliateId } from '../../api/affiliates';

/**
 * Whose affiliate pages these are: the signed-in Affiliate's own record (GET /affiliate/ answers
 * only it), or for staff the `?id=` in the address; else a prompt to open one from the list.
 */
export function useAffiliateSelf(): { id: number | null; prompt: string | null; error: unknown } {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const isAffiliate = user?.role === 'affiliate';
  const mine = useMyAffiliateId(isAffiliate);
  if (!isAffiliate) {
    const id = Number(params.get('id'));
    return Number.isInteger(id) && id > 0
      ? { id, prompt: null, error: null }
      : { id: null, prompt: t('affiliates.self.staffPrompt'), error: null };
  }
  if (mine.none) return { id: null, prompt: t('affiliates.self.none'), error: null };
  return { id: mine.id, prompt: null, error: mine.isError ? mine.error : null };
}
