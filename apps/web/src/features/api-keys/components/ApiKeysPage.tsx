import { API_KEY_MAX_ACTIVE, type ApiKey, type CreatedApiKey } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeyList } from './ApiKeyList';
import { CreateKeyDialog } from './CreateKeyDialog';
import { HowToUse } from './HowToUse';
import { SecretDialog } from './SecretDialog';

/**
 * `/pages/api-key`: the user's personal API keys (decision 020). A new key's secret is shown once
 * (SecretDialog); the list shows prefixes, profiles, expiry and last use; revoking asks first.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <>
      <PageHeader
        title={t('apiKeys.title')}
        subtitle={t('apiKeys.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="api-key-create"
          >
            {t('apiKeys.create')}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card component="section" aria-labelledby="api-keys-list-title">
          <CardContent>
            <Typography variant="h6" component="h2" id="api-keys-list-title">
              {t('apiKeys.listTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('apiKeys.limit', { max: API_KEY_MAX_ACTIVE })}
            </Typography>
            {keys.isPending ? (
              <Box
                role="status"
                sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}
              >
                <CircularProgress size={24} aria-hidden />
                <Typography color="text.secondary">{t('apiKeys.loading')}</Typography>
              </Box>
            ) : keys.isError ? (
              <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
            ) : keys.data.length === 0 ? (
              <EmptyState message={t('apiKeys.empty')} />
            ) : (
              <ApiKeyList keys={keys.data} onRevoke={setRevoking} />
            )}
          </CardContent>
        </Card>
        <HowToUse />
      </Stack>
      {creating ? (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setCreated(k);
          }}
        />
      ) : null}
      {created ? (
        <SecretDialog label={created.key.label} secret={created.secret} onClose={() => setCreated(null)} />
      ) : null}
      <ConfirmRemoveDialog
        item={revoking}
        remove={revoke}
        title={t('apiKeys.revokeTitle')}
        message={revoking ? t('apiKeys.revokeMessage', { label: revoking.label, prefix: revoking.prefix }) : ''}
        confirmLabel={t('apiKeys.revoke')}
        doneMessage={t('apiKeys.revoked')}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
