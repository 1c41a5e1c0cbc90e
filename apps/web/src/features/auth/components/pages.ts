/** Route modules of the auth feature, loaded lazily by app/routes/pages.ts. */
export { ActivateAccountPage } from './ActivateAccountPage';
export { EmailConfirmPage } from './EmailConfirmPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginLinkPage } from './LoginLinkPage';
export { LoginPage } from './LoginPage';
export { OtlPage } from './OtlPage';
export { RegisterPage } from './RegisterPage';
export { ResetPasswordPage } from './ResetPasswordPage';
