import type { UserDetail } from '@fc/contracts';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { LANGUAGES, type Language } from '../../../../lib/i18n';
import { useUpdateUser } from '../../api/update-user';
import { useSyncSelf } from '../shared/useSyncSelf';

/** The account's language: the UI language and the language of the e-mails we send. */
export function LanguageTab({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateUser();
  const syncSelf = useSyncSelf();
  const choose = (language: Language) =>
    mutation.mutate(
      { id: user.id, language },
      {
        onSuccess: (res) => {
          syncSelf(res.data);
          toast.success(t('users.saved'));
        },
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );
  return (
    <FormControl disabled={mutation.isPending}>
      <FormLabel id="account-language">{t('account.languageLabel')}</FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('account.languageHelp')}
      </Typography>
      <RadioGroup
        aria-labelledby="account-language"
        value={user.language}
        onChange={(e) => choose(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <FormControlLabel key={l} value={l} control={<Radio />} label={t(`languages.${l}`)} lang={l} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
