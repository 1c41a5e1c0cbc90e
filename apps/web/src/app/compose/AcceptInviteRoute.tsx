import { LoginForm } from '../../features/auth/components/LoginForm';
import { AcceptInvitePage } from '../../features/public/components/AcceptInvitePage';

/** The invitation page signs in with the auth feature's form (decision 015). */
export function AcceptInviteRoute() {
  return <AcceptInvitePage SignInForm={LoginForm} />;
}
