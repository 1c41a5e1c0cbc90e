import { Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const TAG = /<(terms|privacy)>(.*?)<\/\1>/g;
const PAGES = { terms: '/terms-and-conditions', privacy: '/privacy-policy' } as const;

/**
 * Terms and privacy consent under the payment (spec §2 abandoned cart; the checkout says it too),
 * with what of the gift becomes public. `<terms>…</terms>` and `<privacy>…</privacy>` in the
 * sentence become links to those pages of the server-rendered site (full page loads, in a new tab
 * so the checkout stays as it was). Split by hand: react-i18next's Trans weighs 5 KB gz here.
 */
export function ConsentText() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const text = t('public.checkout.consent', { title: t('app.title') });
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    parts.push(text.slice(last, m.index));
    const page = PAGES[m[1] as keyof typeof PAGES];
    parts.push(
      <Link key={m.index} href={`${page}?lang=${lang}`} target="_blank" rel="noopener">
        {m[2]}
      </Link>,
    );
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <Typography variant="caption" component="p" color="text.secondary" data-testid="payment-consent">
      {parts}
    </Typography>
  );
}
