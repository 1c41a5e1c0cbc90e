import { ORG_STATUSES, type OrgDetail, orgRefSchema, updateOrgBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { translateFieldError, zodErrorMap } from '../../../../lib/i18n/validation';
import { useUpdateOrg } from '../../api/update-org';
import { ParentPicker } from '../shared/ParentPicker';
import { SalesSelect } from '../shared/SalesSelect';
import { SlugField } from '../shared/SlugField';

const S = updateOrgBodySchema.shape;
/** Optional text edited as '' in the form, sent as null. */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
const schema = z.object({
  name: S.name.unwrap(),
  slug: S.slug.unwrap(),
  status: z.enum(ORG_STATUSES),
  description: blankOr(S.description.unwrap().unwrap()),
  contactEmail: blankOr(S.contactEmail.unwrap().unwrap()),
  phone: blankOr(S.phone.unwrap().unwrap()),
  website: blankOr(S.website.unwrap().unwrap()),
  city: blankOr(S.city.unwrap().unwrap()),
  region: blankOr(S.region.unwrap().unwrap()),
  parent: orgRefSchema.nullable(),
  salesUserId: z.number().int().nullable(),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = [
  'name',
  'slug',
  'status',
  'description',
  'contactEmail',
  'phone',
  'website',
  'city',
  'region',
  'parent',
  'salesUserId',
] as const;
const ALIASES = { parentId: 'parent' };
const orNull = (v: string) => (v.trim() === '' ? null : v);

/**
 * Edit details, web address, parent (a move, when allowed) and salesperson (Super Admin, teams).
 * Mounted only while open, so each opening starts from the node's current values.
 */
export function EditOrgDialog({ node, open, onClose }: { node: OrgDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateOrg();
  const parent = node.ancestors.find((a) => a.id === node.parentId) ?? null;
  const defaults: Input = {
    name: node.name,
    slug: node.slug,
    status: node.status,
    description: node.description ?? '',
    contactEmail: node.contactEmail ?? '',
    phone: node.phone ?? '',
    website: node.website ?? '',
    city: node.city ?? '',
    region: node.region ?? '',
    parent,
    salesUserId: node.salesUserId,
  };
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const name = form.watch('name');

  const close = () => {
    mutation.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(
      {
        id: node.id,
        name: v.name,
        slug: v.slug,
        status: v.status,
        description: orNull(v.description),
        contactEmail: orNull(v.contactEmail),
        phone: orNull(v.phone),
        website: orNull(v.website),
        city: orNull(v.city),
        region: orNull(v.region),
        ...(node.can.move && v.parent && v.parent.id !== parent?.id ? { parentId: v.parent.id } : {}),
        ...(node.can.setSales && v.salesUserId !== node.salesUserId ? { salesUserId: v.salesUserId } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('orgs.edit.saved'));
          close();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS, ALIASES);
        },
      },
    ),
  );

  const text = (field: 'description' | 'contactEmail' | 'phone' | 'website' | 'city' | 'region', label: string) => (
    <FormTextField
      {...form.register(field)}
      label={label}
      fullWidth
      fieldError={errors[field]}
      testId={`edit-org-${field}`}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      testId="edit-org-dialog"
      titleId="edit-org-title"
      title={t('orgs.edit.title', { name: node.name })}
      mutation={mutation}
      errorTestId="edit-org-error"
      submitLabel={t('common.save')}
      submitTestId="edit-org-submit"
      maxWidth="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('name')}
          label={t('fields.name')}
          required
          fullWidth
          fieldError={errors.name}
          testId="edit-org-name"
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <SelectField
              label={t('fields.status')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              sx={{ minWidth: 180 }}
              options={ORG_STATUSES.map((s) => ({ value: s, label: t(`orgs.status.${s}`) }))}
            />
          )}
        />
      </Stack>
      <Controller
        control={form.control}
        name="slug"
        render={({ field }) => (
          <SlugField
            typeId={node.typeId}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.slug?.message}
            exclude={node.id}
            name={name}
          />
        )}
      />
      {node.can.move ? (
        <Controller
          control={form.control}
          name="parent"
          render={({ field }) => (
            <Stack spacing={0.5}>
              <ParentPicker
                childTypeId={node.typeId}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                excludeId={node.id}
                error={translateFieldError(t, errors.parent?.message)}
                required
              />
              {field.value && field.value.id !== parent?.id ? (
                <Alert severity="warning" data-testid="move-warning">
                  {t('orgs.edit.moveWarning', { name: node.name, parent: field.value.name })}
                </Alert>
              ) : null}
            </Stack>
          )}
        />
      ) : null}
      {node.can.setSales ? (
        <Controller
          control={form.control}
          name="salesUserId"
          render={({ field }) => (
            <SalesSelect value={field.value} onChange={field.onChange} error={errors.salesUserId?.message} />
          )}
        />
      ) : null}
      <FormTextField
        {...form.register('description')}
        label={t('orgs.fields.description')}
        multiline
        minRows={3}
        fullWidth
        fieldError={errors.description}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('contactEmail', t('orgs.fields.contactEmail'))}
        {text('phone', t('fields.phone'))}
      </Stack>
      {text('website', t('orgs.fields.website'))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('city', t('orgs.fields.city'))}
        {text('region', t('orgs.fields.region'))}
      </Stack>
    </FormDialog>
  );
}
