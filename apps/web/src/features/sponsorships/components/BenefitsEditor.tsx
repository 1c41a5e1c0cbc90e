import { SPONSORSHIP_LIMITS } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/ui/FormFields';
import type { OpportunityValues } from './opportunityForm';

interface Props {
  control: Control<OpportunityValues>;
  register: UseFormRegister<OpportunityValues>;
  errors: FieldErrors<OpportunityValues>;
}

/** The benefits, one line each: add a line, remove any. */
export function BenefitsEditor({ control, register, errors }: Props) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'benefits' });
  const full = fields.length >= SPONSORSHIP_LIMITS.benefitsMax;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="benefits">
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('sponsorships.fields.benefits')}
      </Typography>
      <Stack spacing={1}>
        {fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              {...register(`benefits.${i}.text`)}
              label={t('sponsorships.fields.benefitN', { n: i + 1 })}
              fullWidth
              size="small"
              fieldError={errors.benefits?.[i]?.text ?? (i === 0 ? errors.benefits?.root : undefined)}
              testId={`benefit-${i}`}
            />
            <IconButton
              onClick={() => remove(i)}
              aria-label={t('sponsorships.benefits.remove', { n: i + 1 })}
              data-testid={`benefit-remove-${i}`}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {errors.benefits?.message ? (
        <Typography color="error" variant="caption" role="alert">
          {errors.benefits.message}
        </Typography>
      ) : null}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append({ text: '' })}
        disabled={full}
        size="small"
        sx={{ mt: 1 }}
        data-testid="benefit-add"
      >
        {t('sponsorships.benefits.add')}
      </Button>
    </Box>
  );
}
