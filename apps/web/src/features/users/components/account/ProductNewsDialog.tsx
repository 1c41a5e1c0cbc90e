import { productNewsBodySchema } from '@fc/contracts';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useSendProductNews } from '../../api/notifications';

const FIELDS = ['subjectEn', 'messageEn', 'subjectEs', 'messageEs'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A Super Admin's product news (issue 18): a subject and message in English and Spanish, sent
 * after a confirmation to everyone who turned product news on, each in their e-mail language.
 */
export function ProductNewsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useSendProductNews();
  const [values, setValues] = useState<Record<Field, string>>({
    subjectEn: '',
    messageEn: '',
    subjectEs: '',
    messageEs: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<number | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = productNewsBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(
          field.startsWith('subject') ? 'notifications.news.subjectRule' : 'notifications.news.messageRule',
        );
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setConfirming(true);
  };
  const send = () =>
    mutation.mutate(productNewsBodySchema.parse(values), {
      onSuccess: (n) => {
        setConfirming(false);
        setSent(n);
        toast.success(t('notifications.news.sent', { count: n }));
      },
      onError: () => setConfirming(false),
    });

  if (sent !== null)
    return (
      <FormDialog
        onClose={onClose}
        onSubmit={(e) => {
          e.preventDefault();
          onClose();
        }}
        testId="product-news-dialog"
        titleId="product-news-title"
        title={t('notifications.news.title')}
        mutation={{ isError: false, error: null, isPending: false }}
        submitLabel={t('common.close')}
        submitTestId="product-news-close"
      >
        <Alert severity="success" data-testid="product-news-result">
          {t('notifications.news.sent', { count: sent })}
        </Alert>
      </FormDialog>
    );

  return (
    <>
      <FormDialog
        onClose={onClose}
        onSubmit={submit}
        testId="product-news-dialog"
        titleId="product-news-title"
        title={t('notifications.news.title')}
        mutation={mutation}
        submitLabel={t('notifications.news.send')}
        submitTestId="product-news-send"
        errorTestId="product-news-error"
        maxWidth="md"
      >
        <Typography variant="body2" color="text.secondary">
          {t('notifications.news.help')}
        </Typography>
        {(['En', 'Es'] as const).map((suffix) => (
          <Stack key={suffix} spacing={2} lang={suffix.toLowerCase()}>
            <TextField
              label={t(`notifications.news.subject${suffix}`)}
              value={values[`subject${suffix}`]}
              onChange={(e) => setValues({ ...values, [`subject${suffix}`]: e.target.value })}
              error={Boolean(errors[`subject${suffix}`])}
              helperText={errors[`subject${suffix}`]}
              required
              slotProps={{ htmlInput: { maxLength: 150, 'data-testid': `product-news-subject${suffix}` } }}
            />
            <TextField
              label={t(`notifications.news.message${suffix}`)}
              value={values[`message${suffix}`]}
              onChange={(e) => setValues({ ...values, [`message${suffix}`]: e.target.value })}
              error={Boolean(errors[`message${suffix}`])}
              helperText={errors[`message${suffix}`]}
              required
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': `product-news-message${suffix}` } }}
            />
          </Stack>
        ))}
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title={t('notifications.news.confirmTitle')}
        message={t('notifications.news.confirmBody')}
        confirmLabel={t('notifications.news.send')}
        busy={mutation.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
