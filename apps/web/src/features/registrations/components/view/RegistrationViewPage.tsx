import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { isApiError } from '../../../../lib/api/errors';
import { useRegistration } from '../../api/get-registration';
import { EditStepDialog } from '../edit/EditStepDialog';
import { SalespersonDialog } from '../edit/SalespersonDialog';
import { useRegistrationActions } from '../shared/can';
import { useAge } from '../shared/format';
import { RegistrationStatusChip } from '../shared/RegistrationStatusChip';
import { AnswerSections, type EditableStep } from './AnswerSections';
import { DecisionSection, RegistrantSection } from './RecordSections';
import { RegistrationActions } from './RegistrationActions';

function NotFound() {
  const { t } = useTranslation();
  return (
    <Card data-testid="registration-not-found">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('registrations.notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('registrations.notFound.body')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/onboarding/list">
          {t('registrations.backToList')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /onboarding/view/{id}: every answer, the registrant, the decision and what approval created, and the allowed actions. */
export function RegistrationViewPage() {
  const { id } = useParams();
  const registrationId = Number(id);
  const query = useRegistration(registrationId);
  if (
    !Number.isInteger(registrationId) ||
    registrationId <= 0 ||
    (isApiError(query.error) && query.error.status === 404)
  )
    return <NotFound />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <RegistrationView registration={query.data.data.data} />;
}

function RegistrationView({ registration: r }: { registration: Parameters<typeof useRegistrationActions>[0] }) {
  const { t } = useTranslation();
  const age = useAge();
  const can = useRegistrationActions(r);
  const [editing, setEditing] = useState<EditableStep | null>(null);
  const [assigning, setAssigning] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to="/onboarding/list" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {t('registrations.backToList')}
        </Button>
        <Card data-testid="registration-header">
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                    {r.teamName ?? t('registrations.unnamed', { id: r.id })}
                  </Typography>
                  <RegistrationStatusChip status={r.status} testId="registration-status" />
                </Stack>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  {[r.organizationName, r.registrant.name, t('registrations.view.age', { age: age(r.ageDays) })]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <RegistrationActions registration={r} can={can} />
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <AnswerSections registration={r} onEdit={can.edit ? setEditing : undefined} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <DecisionSection registration={r} />
          <RegistrantSection registration={r} onAssign={can.assign ? () => setAssigning(true) : undefined} />
        </Box>
      </Box>
      {editing ? <EditStepDialog registration={r} step={editing} onClose={() => setEditing(null)} /> : null}
      {assigning ? <SalespersonDialog registration={r} onClose={() => setAssigning(false)} /> : null}
    </Box>
  );
}
