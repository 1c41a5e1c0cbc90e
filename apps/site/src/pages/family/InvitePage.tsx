/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/onboarding/campaign/accept-invite/{cfid}?token=` and `/onboarding/player/{cfid}?token=`
 * (issue 14; was the SPA's AcceptInvitePage): who is invited to what, rendered whole on the
 * server, and the acceptance as an island (`invite` entry). A link without its token, and a token
 * that is used, expired or replaced, get the SPA's messages (the caller answers 404).
 */
import { InviteFlow } from '../../islands/InviteFlow';
import { Island } from '../../lib/island';
import { type Language, tFor } from '../../lib/strings';
import { FamilyCard, FamilyMessage } from './FamilyCard';
import { inviteStrings } from './strings';

/** What the invitation shows (contracts InviteInfo). */
export interface InviteData {
  cfid: number;
  campaignTitle: string;
  organizationName: string;
  logoImage: string | null;
  playerFirstName: string;
  playerLastName: string;
  emailHint: string;
  hasAccount: boolean;
  parentFirstName: string | null;
  parentLastName: string | null;
}

export type InviteState =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  /** Too many look-ups from this network (429). */
  | { kind: 'throttled' }
  | { kind: 'ok'; info: InviteData; token: string };

export function InvitePage({ lang, state }: { lang: Language; state: InviteState }) {
  const t = tFor(lang);
  if (state.kind === 'missing')
    return (
      <FamilyMessage
        lang={lang}
        testId="invite-missing"
        title={t('public.invite.missingTitle')}
        body={t('public.invite.missingBody')}
        signIn={t('public.family.signIn')}
      />
    );
  if (state.kind !== 'ok')
    return (
      <FamilyMessage
        lang={lang}
        testId="invite-invalid"
        title={state.kind === 'invalid' ? t('public.invite.invalidTitle') : t('public.family.errorTitle')}
        body={state.kind === 'invalid' ? t('public.invite.invalidBody') : t('public.family.codes.THROTTLED')}
        signIn={t('public.family.signIn')}
      />
    );
  const { info, token } = state;
  return (
    <FamilyCard
      logoUrl={info.logoImage}
      initial={info.campaignTitle.charAt(0)}
      title={t('public.invite.title')}
      subtitle={t('public.invite.summary', {
        player: `${info.playerFirstName} ${info.playerLastName}`,
        campaign: info.campaignTitle,
        organization: info.organizationName,
      })}
      subtitleTestId="invite-summary"
    >
      <p>{t('public.invite.what')}</p>
      <Island
        name="invite"
        component={InviteFlow}
        props={{
          cfid: info.cfid,
          token,
          hasAccount: info.hasAccount,
          parentFirstName: info.parentFirstName ?? '',
          parentLastName: info.parentLastName ?? '',
          strings: inviteStrings(lang, info.emailHint),
        }}
      />
    </FamilyCard>
  );
}
