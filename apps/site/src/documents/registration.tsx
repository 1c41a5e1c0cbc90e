/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Team registration (issue 15): one person's form, so noindex and no canonical or preview tags;
 * the language links keep the address (never the resume token, which the island takes out).
 */
import { tFor } from '../lib/strings';
import { RegistrationPage, type RegistrationPageData } from '../pages/registration/RegistrationPage';
import type { Kit, SiteRequest } from './kit';

export function registrationPages(kit: Kit) {
  return {
    /** `/onboarding/team`, `/pages/register-multi-steps`, `/onboarding/team/{teamId}`. */
    teamRegistration(req: SiteRequest, path: string, data: Omit<RegistrationPageData, 'baseUrl'>): string {
      const t = tFor(req.lang);
      const title = t(data.teamId ? 'public.teamRegistration.titleSeason' : 'public.teamRegistration.title');
      return kit.page(req, {
        head: {
          ...kit.head(req, path, title, t('public.teamRegistration.description')),
          noindex: true,
          noPreview: true,
        },
        entry: 'registration',
        path,
        children: <RegistrationPage lang={req.lang} data={{ ...data, baseUrl: req.baseUrl }} />,
      });
    },
  };
}
