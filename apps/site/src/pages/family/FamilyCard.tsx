/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The invitation and registration pages' frame: one narrow card with the logo (or the name's
 * initial), the page title and a line under it; and the message card of their error states.
 */
import type { ComponentChildren } from 'preact';
import { withLang } from '../../lib/links';
import type { Language } from '../../lib/strings';

export function FamilyCard({
  logoUrl,
  initial,
  title,
  subtitle,
  subtitleTestId,
  children,
}: {
  logoUrl: string | null;
  initial: string;
  title: string;
  subtitle: string;
  subtitleTestId?: string;
  children: ComponentChildren;
}) {
  return (
    <section class="family-card">
      <div class="family-heading">
        {logoUrl ? (
          <img class="family-logo" src={logoUrl} alt="" width={64} height={64} />
        ) : (
          <span class="family-logo" aria-hidden="true">
            {initial.toUpperCase()}
          </span>
        )}
        <div class="family-titles">
          <h1 data-testid="page-title">{title}</h1>
          <p class="muted" data-testid={subtitleTestId}>
            {subtitle}
          </p>
        </div>
      </div>
      {children}
    </section>
  );
}

/** A page's error state (the SPA's PublicMessage): a title, what to do, and a sign-in link when it helps. */
export function FamilyMessage({
  testId,
  title,
  body,
  signIn,
  lang,
}: {
  testId: string;
  title: string;
  body: string;
  signIn?: string;
  lang: Language;
}) {
  return (
    <section class="family-card family-message" data-testid={testId}>
      <h1>{title}</h1>
      <p>{body}</p>
      {signIn ? (
        <a class="button" href={withLang('/login', lang)}>
          {signIn}
        </a>
      ) : null}
    </section>
  );
}
