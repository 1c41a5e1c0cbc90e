import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactDraft, type ContactField, contactProblems } from '@fc/contracts';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/api/errors';
import { sendContact } from '../api/send-contact';
import { type ContactErrors, problemText, serverFieldErrors } from './contact/contactErrors';
import { PublicMessage } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { useDocumentTitle } from './shared/useDocumentTitle';

const EMPTY: ContactDraft = { name: '', email: '', organization: '', message: '' };

/**
 * `/contact-us` (issue 14): a small, self-contained form (no form library, no zod: the contract's
 * rules check it), so the server-rendered public site can take it over as an island. The
 * `website` field is the spam trap: hidden from people and screen readers, out of the tab order.
 */
export function ContactPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('contact.form.title'));
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const check = (d: ContactDraft): ContactErrors => {
    const found = contactProblems(d);
    return Object.fromEntries(
      Object.entries(found).map(([f, p]) => [f, problemText(t, f as ContactField, p)]),
    ) as ContactErrors;
  };
  const change = (field: ContactField) => (e: { target: { value: string } }) => {
    const next = { ...draft, [field]: e.target.value };
    setDraft(next);
    // After a first attempt, errors follow the text as it is corrected.
    if (checked) setErrors(check(next));
  };
  const focusFirst = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    setFailure(null);
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setSending(true);
    try {
      await sendContact({
        name: draft.name,
        email: draft.email,
        organization: draft.organization.trim() || undefined,
        message: draft.message,
        language: i18n.language.startsWith('es') ? 'es' : 'en',
        ...(trap ? { website: trap } : {}),
      });
      setSentTo(draft.email.trim());
      setDraft(EMPTY);
      setChecked(false);
    } catch (err) {
      const fields = serverFieldErrors(t, err);
      setErrors(fields);
      if (Object.keys(fields).length) focusFirst(fields);
      else setFailure(isApiError(err) ? errorMessage(err, t('contact.form.failed')) : t('contact.form.failed'));
    } finally {
      setSending(false);
    }
  }

  const field = (
    name: ContactField,
    label: string,
    extra: { helperText?: string; htmlInput?: Record<string, unknown> } = {},
  ) => ({
    name,
    label,
    value: draft[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? extra.helperText,
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': `contact-${name}`, ...extra.htmlInput } },
  });

  if (sentTo)
    return (
      <PublicMessage
        testId="contact-sent"
        status
        icon={<MarkEmailReadIcon color="success" sx={{ fontSize: 56 }} aria-hidden />}
        title={t('contact.form.successTitle')}
        body={t('contact.form.successBody', { email: sentTo })}
        action={
          // Focus lands here after sending, so a keyboard user can go on from the confirmation.
          <Button variant="outlined" onClick={() => setSentTo(null)} autoFocus data-testid="contact-again">
            {t('contact.form.sendAnother')}
          </Button>
        }
      />
    );

  return (
    <PublicShell narrow>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2} component="form" noValidate onSubmit={submit} ref={form} data-testid="contact-form">
            <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
              {t('contact.form.title')}
            </Typography>
            <Typography color="text.secondary">{t('contact.form.intro')}</Typography>
            {failure ? (
              <Alert severity="error" role="alert" data-testid="contact-failure">
                {failure}
              </Alert>
            ) : null}
            {checked && Object.keys(errors).length ? (
              <Box role="alert" sx={visuallyHidden}>
                {t('contact.form.fixErrors')}
              </Box>
            ) : null}
            <TextField
              {...field('name', t('contact.form.name'), {
                htmlInput: { autoComplete: 'name', maxLength: CONTACT_LIMITS.nameMax + 20 },
              })}
              required
            />
            <TextField
              {...field('email', t('contact.form.email'), {
                htmlInput: { autoComplete: 'email', inputMode: 'email' },
              })}
              type="email"
              required
            />
            <TextField
              {...field('organization', t('contact.form.organization'), {
                htmlInput: { autoComplete: 'organization' },
              })}
            />
            <TextField
              {...field('message', t('contact.form.message'), {
                helperText: t('contact.form.messageCount', {
                  count: draft.message.trim().length,
                  max: CONTACT_LIMITS.messageMax,
                }),
              })}
              required
              multiline
              minRows={5}
            />
            {/* The spam trap: people never see or reach it; a filled one is answered and dropped. */}
            <Box aria-hidden="true" sx={visuallyHidden}>
              <label>
                {t('contact.form.trap')}
                <input
                  type="text"
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={trap}
                  onChange={(e) => setTrap(e.target.value)}
                  data-testid="contact-website"
                />
              </label>
            </Box>
            <Box>
              <Button type="submit" variant="contained" disabled={sending} data-testid="contact-submit">
                {sending ? t('contact.form.sending') : t('contact.form.send')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </PublicShell>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  p: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
