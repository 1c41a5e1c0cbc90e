import { CONTACTS_MAX_PER_CALL, contactInputSchema, parseContactList } from '@fc/contracts';
import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useCreateContacts } from '../../api/contacts';

const PHONE_MAX = 30;
const PREVIEW_ROWS = 50;

/** Reads the pasted text; a phone the API would refuse (too long) is left out rather than the contact. */
function readList(text: string) {
  const parsed = parseContactList(text);
  const contacts = parsed.contacts.map((c) => ({
    ...c,
    phone: c.phone && c.phone.length <= PHONE_MAX ? c.phone : null,
  }));
  // The same email twice in one paste is one contact.
  const seen = new Set<string>();
  const unique = contacts.filter((c) => !seen.has(c.email) && seen.add(c.email));
  return {
    contacts: unique.filter((c) => contactInputSchema.safeParse(c).success),
    repeated: contacts.length - unique.length,
    invalidLines: parsed.invalidLines,
  };
}

interface ImportContactsDialogProps {
  playerId: number;
  campaignId: number;
  onClose: () => void;
}

/** "Import from a list": paste names and emails, check the preview, add them all in one call. */
export function ImportContactsDialog({ playerId, campaignId, onClose }: ImportContactsDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateContacts(playerId, campaignId);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const list = useMemo(() => readList(text), [text]);
  const tooMany = list.contacts.length > CONTACTS_MAX_PER_CALL;
  const empty = list.contacts.length === 0;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTouched(true);
    if (empty || tooMany) return;
    create.mutate(list.contacts, {
      onSuccess: (res) => {
        toast.success(
          res.data.duplicates > 0
            ? t('fundraisers.import.doneWithDuplicates', { count: res.data.added, duplicates: res.data.duplicates })
            : t('fundraisers.import.done', { count: res.data.added }),
        );
        onClose();
      },
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="import-contacts-dialog"
      titleId="import-contacts-title"
      title={t('fundraisers.import.title')}
      mutation={create}
      errorTestId="import-contacts-error"
      submitLabel={
        empty ? t('fundraisers.import.submitNone') : t('fundraisers.import.submit', { count: list.contacts.length })
      }
      submitTestId="import-contacts-submit"
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary" id="import-contacts-help">
        {t('fundraisers.import.help')}
      </Typography>
      <TextField
        label={t('fundraisers.import.paste')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={6}
        maxRows={14}
        fullWidth
        autoFocus
        placeholder={'Grace Parker <grace@example.com>\nHenry Olsen, henry@example.com, 555-0100\nray@example.com'}
        error={touched && empty}
        helperText={touched && empty ? t('fundraisers.import.nothing') : undefined}
        slotProps={{
          htmlInput: {
            'data-testid': 'import-contacts-text',
            'aria-describedby': 'import-contacts-help',
            spellCheck: false,
          },
        }}
      />
      <Box aria-live="polite" data-testid="import-contacts-summary">
        {text.trim() ? (
          <Typography variant="body2">
            {t('fundraisers.import.readable', { count: list.contacts.length })}
            {list.repeated > 0 ? ` ${t('fundraisers.import.repeated', { count: list.repeated })}` : ''}
          </Typography>
        ) : null}
      </Box>
      {list.invalidLines.length > 0 ? (
        <Alert severity="warning" data-testid="import-contacts-invalid">
          {t('fundraisers.import.invalidLines', {
            count: list.invalidLines.length,
            lines: list.invalidLines.slice(0, 20).join(', ') + (list.invalidLines.length > 20 ? '…' : ''),
          })}
        </Alert>
      ) : null}
      {tooMany ? (
        <Alert severity="error" data-testid="import-contacts-too-many">
          {t('fundraisers.import.tooMany', { max: CONTACTS_MAX_PER_CALL })}
        </Alert>
      ) : null}
      {list.contacts.length > 0 ? (
        <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table
            size="small"
            stickyHeader
            aria-label={t('fundraisers.import.preview')}
            data-testid="import-contacts-preview"
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.name')}</TableCell>
                <TableCell>{t('fields.email')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.phone')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.contacts.slice(0, PREVIEW_ROWS).map((c) => (
                <TableRow key={c.email}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{c.email}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{c.phone ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.contacts.length > PREVIEW_ROWS ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1 }}>
              {t('fundraisers.import.more', { count: list.contacts.length - PREVIEW_ROWS })}
            </Typography>
          ) : null}
        </TableContainer>
      ) : null}
    </FormDialog>
  );
}
