/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/register/{organization}/player[/{fundraiser}]` (issue 14; was the SPA's RegisterPlayerPage):
 * the organization and the form, rendered whole on the server for a visitor, hydrated by the
 * `register` entry (which shows a signed-in parent's choices). An organization with no division
 * says registration is not open; an unknown one gets the SPA's message (the caller answers 404).
 */
import { type Division, RegisterForm } from '../../islands/RegisterForm';
import { Island } from '../../lib/island';
import { type Language, tFor } from '../../lib/strings';
import { FamilyCard, FamilyMessage } from './FamilyCard';
import { registerStrings } from './strings';

export interface RegisterData {
  organization: { name: string; slug: string; logoUrl: string | null };
  divisions: Division[];
  /** The `{fundraiser}` of the address, if any. */
  preselect: string | null;
  /** The page's path, for the sign-in link's `returnTo`. */
  path: string;
}

export type RegisterState = { kind: 'notFound' } | { kind: 'ok'; data: RegisterData };

export function RegisterPage({ lang, state }: { lang: Language; state: RegisterState }) {
  const t = tFor(lang);
  if (state.kind === 'notFound')
    return (
      <FamilyMessage
        lang={lang}
        testId="register-not-found"
        title={t('public.register.notFoundTitle')}
        body={t('public.notFound.body')}
      />
    );
  const { organization, divisions, preselect, path } = state.data;
  return (
    <FamilyCard
      logoUrl={organization.logoUrl}
      initial={organization.name.charAt(0)}
      title={t('public.register.title')}
      subtitle={t('public.register.subtitle', { organization: organization.name })}
    >
      {divisions.length === 0 ? (
        <p class="alert info" data-testid="register-closed">
          {t('public.register.noDivisions')}
        </p>
      ) : (
        <Island
          name="register"
          component={RegisterForm}
          props={{
            organization: organization.slug,
            divisions,
            preselect,
            loginPath: `/login?returnTo=${encodeURIComponent(path)}`,
            strings: registerStrings(lang),
          }}
        />
      )}
    </FamilyCard>
  );
}
