import { bulkMessageBodySchema, type CampaignFundraiser, type RecipientResult } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../../../components/ui/FormFields';
import { errorMessage } from '../../../../../lib/api/errors';
import { zodErrorMap } from '../../../../../lib/i18n/validation';
import { type BulkSendKind, sendInBatches } from '../../../api/bulk-send';
import { allFundraiserIds, useInvalidatePlayers } from '../../../api/fundraisers';
import { fullName, usePercent } from '../../shared/format';
import { RecipientResults } from './RecipientResults';

/** What the grid has selected: chosen ids, or everyone but the ids ("select all" on the server grid). */
export interface PlayerSelection {
  type: 'include' | 'exclude';
  ids: number[];
}

interface BulkSendDialogProps {
  kind: BulkSendKind;
  campaignId: number;
  campaignTitle: string;
  selection: PlayerSelection;
  /** Rows seen in the grid, by id (names for the results). */
  known: ReadonlyMap<number, CampaignFundraiser>;
  totalPlayers: number;
  onClose: () => void;
}

const messageSchema = z.object({
  subject: bulkMessageBodySchema.shape.subject,
  message: bulkMessageBodySchema.shape.message,
});
type MessageValues = z.infer<typeof messageSchema>;

type Phase = 'compose' | 'sending' | 'done';

/**
 * Resend invitations or message families, for the selection or everyone: batches of
 * BULK_MESSAGE_BATCH with a determinate progress bar, then one line per recipient (ok / error).
 */
export function BulkSendDialog({
  kind,
  campaignId,
  campaignTitle,
  selection,
  known,
  totalPlayers,
  onClose,
}: BulkSendDialogProps) {
  const { t } = useTranslation();
  const percent = usePercent();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const invalidate = useInvalidatePlayers(campaignId);
  const selectedCount = selection.type === 'include' ? selection.ids.length : totalPlayers - selection.ids.length;
  const [audience, setAudience] = useState<'selected' | 'everyone'>(selectedCount > 0 ? 'selected' : 'everyone');
  const [phase, setPhase] = useState<Phase>('compose');
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [results, setResults] = useState<RecipientResult[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [names, setNames] = useState<ReadonlyMap<number, CampaignFundraiser>>(known);
  const abort = useRef<AbortController | null>(null);
  const form = useForm<MessageValues>({
    resolver: zodResolver(messageSchema, { error: zodErrorMap(t) }),
    defaultValues: { subject: t('campaigns.bulk.defaultSubject', { title: campaignTitle }), message: '' },
  });
  const { errors } = form.formState;
  const titleId = `bulk-${kind}-title`;

  /** The families to reach: the chosen ids, or every player (fetched page by page). */
  async function recipients(): Promise<number[]> {
    if (audience === 'selected' && selection.type === 'include') return selection.ids;
    const all = await allFundraiserIds(campaignId);
    const map = new Map(known);
    for (const r of all) map.set(r.id, r);
    setNames(map);
    const excluded = new Set(audience === 'selected' ? selection.ids : []);
    return (
      all
        .filter((r) => !excluded.has(r.id))
        // "Everyone" for a resend means the families who have not joined yet.
        .filter((r) => !(kind === 'resend' && audience === 'everyone' && r.inviteStatus === 'joined'))
        .map((r) => r.id)
    );
  }

  async function send(message?: MessageValues) {
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setPhase('sending');
    try {
      const ids = await recipients();
      const out = await sendInBatches(
        { kind, campaignId, ids, subject: message?.subject, message: message?.message },
        (done, total) => setProgress({ done, total }),
        t('errors.generic'),
        controller.signal,
      );
      setResults(out);
      setPhase('done');
      void invalidate();
    } catch (error) {
      setFailure(error);
      setPhase('compose');
    }
  }

  const onSubmit = kind === 'message' ? form.handleSubmit((v) => send(v)) : () => void send();
  const pct = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const sending = phase === 'sending';

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      data-testid={`bulk-${kind}-dialog`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (phase === 'compose') void onSubmit(e);
        }}
      >
        <DialogTitle id={titleId}>{t(`campaigns.bulk.${kind}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{errorMessage(failure, t('errors.generic'))}</Alert> : null}
            {phase === 'compose' ? (
              <>
                <Typography color="text.secondary">{t(`campaigns.bulk.${kind}.intro`)}</Typography>
                <RadioGroup
                  value={audience}
                  onChange={(e) => setAudience(e.target.value as 'selected' | 'everyone')}
                  aria-label={t('campaigns.bulk.audience')}
                >
                  <FormControlLabel
                    value="selected"
                    disabled={selectedCount === 0}
                    control={<Radio />}
                    label={t('campaigns.bulk.selected', { count: selectedCount })}
                    data-testid="bulk-audience-selected"
                  />
                  <FormControlLabel
                    value="everyone"
                    control={<Radio />}
                    label={
                      kind === 'resend'
                        ? t('campaigns.bulk.everyoneNotJoined')
                        : t('campaigns.bulk.everyone', { count: totalPlayers })
                    }
                    data-testid="bulk-audience-everyone"
                  />
                </RadioGroup>
                {kind === 'message' ? (
                  <>
                    <FormTextField
                      {...form.register('subject')}
                      label={t('campaigns.bulk.subject')}
                      required
                      fullWidth
                      fieldError={errors.subject}
                      testId="bulk-subject"
                    />
                    <FormTextField
                      {...form.register('message')}
                      label={t('campaigns.bulk.messageLabel')}
                      required
                      multiline
                      minRows={5}
                      fullWidth
                      fieldError={errors.message}
                      testId="bulk-message"
                    />
                  </>
                ) : null}
              </>
            ) : null}
            {phase !== 'compose' ? (
              <Box data-testid="bulk-progress">
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
                  <Typography variant="body2" id={`${titleId}-progress`}>
                    {phase === 'done'
                      ? t('campaigns.bulk.finished')
                      : t('campaigns.bulk.progress', { done: progress.done, total: progress.total })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {percent(pct)}
                  </Typography>
                </Box>
                <LinearProgress
                  variant={progress.total === 0 && sending ? 'indeterminate' : 'determinate'}
                  value={phase === 'done' ? 100 : pct}
                  aria-labelledby={`${titleId}-progress`}
                />
              </Box>
            ) : null}
            {phase === 'done' ? (
              <RecipientResults
                results={results}
                nameOf={(id) => {
                  const r = names.get(id);
                  return r ? fullName(r.firstName, r.lastName) : null;
                }}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          {phase === 'compose' ? (
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained" data-testid="bulk-send">
                {t(`campaigns.bulk.${kind}.send`)}
              </Button>
            </>
          ) : sending ? (
            <Button onClick={() => abort.current?.abort()} data-testid="bulk-stop">
              {t('campaigns.bulk.stop')}
            </Button>
          ) : (
            <Button variant="contained" onClick={onClose} data-testid="bulk-close">
              {t('common.close')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
