/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/onboarding/team`, `/pages/register-multi-steps` and `/onboarding/team/{teamId}` (issue 15):
 * the page's title and what the six steps are, rendered whole on the server, and the wizard as an
 * island (`registration` entry). The server renders its first step for a visitor; a stored draft
 * or session shows once hydrated.
 */
import { RegistrationWizard } from '../../islands/registration/RegistrationWizard';
import { Island } from '../../lib/island';
import { type Language, tFor } from '../../lib/strings';
import { registrationStrings } from './strings';

export interface RegistrationPageData {
  /** An existing team's new season (`/onboarding/team/{teamId}`). */
  teamId: number | null;
  /** The address carried a resume link's `?token=` (the island reads it; it is not in the HTML). */
  resume: boolean;
  baseUrl: string;
}

export function RegistrationPage({ lang, data }: { lang: Language; data: RegistrationPageData }) {
  const t = tFor(lang);
  const r = (key: string) => t(`public.teamRegistration.${key}`);
  return (
    <section class="family-card reg-card">
      <div class="family-titles">
        <h1 data-testid="page-title">{data.teamId ? r('titleSeason') : r('title')}</h1>
        <p class="muted">{r('intro')}</p>
      </div>
      <Island
        name="registration"
        component={RegistrationWizard}
        props={{
          lang,
          ...registrationStrings(lang),
          base: data.baseUrl,
          teamId: data.teamId,
          resume: data.resume,
        }}
      />
    </section>
  );
}
