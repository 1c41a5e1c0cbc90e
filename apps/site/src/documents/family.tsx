/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Invitations and player registration. Both are for one person: noindex, no canonical or preview
 * tags; the status (404 when not found) is the caller's.
 */
import { tFor } from '../lib/strings';
import { InvitePage, type InviteState } from '../pages/family/InvitePage';
import { RegisterPage, type RegisterState } from '../pages/family/RegisterPage';
import { clip, type Kit, type SiteRequest } from './kit';

export function familyPages(kit: Kit) {
  return {
    /** `/onboarding/campaign/accept-invite/{cfid}` and `/onboarding/player/{cfid}` (path without the token). */
    invite(req: SiteRequest, path: string, state: InviteState): string {
      const t = tFor(req.lang);
      return kit.page(req, {
        head: {
          ...kit.head(req, path, t('public.invite.title'), t('public.family.inviteDescription')),
          noindex: true,
          noPreview: true,
        },
        entry: state.kind === 'ok' ? 'invite' : 'marketing',
        // The language links keep the token: the other language is the same invitation.
        path: state.kind === 'ok' ? `${path}?token=${encodeURIComponent(state.token)}` : path,
        children: <InvitePage lang={req.lang} state={state} />,
      });
    },
    /** `/register/{organization}/player[/{fundraiser}]`. */
    register(req: SiteRequest, path: string, state: RegisterState): string {
      const t = tFor(req.lang);
      const description =
        state.kind === 'ok'
          ? t('public.family.registerDescription', { organization: state.data.organization.name })
          : t('public.family.registerNotFoundDescription');
      return kit.page(req, {
        head: { ...kit.head(req, path, t('public.register.title'), clip(description)), noindex: true, noPreview: true },
        entry: state.kind === 'ok' && state.data.divisions.length ? 'register' : 'marketing',
        path,
        children: <RegisterPage lang={req.lang} state={state} />,
      });
    },
  };
}
