import {
  ALLOWED_PARENT_TYPES,
  createOrgBodySchema,
  type OrgDetail,
  type OrgRef,
  type OrgTypeId,
  orgRefSchema,
  orgTypeIdSchema,
} from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, TextField } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormButtons, MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useCreateOrg } from '../../api/create-org';
import { slugify, typeName } from './orgTypes';
import { ParentPicker, useSoleParent } from './ParentPicker';
import { SalesSelect } from './SalesSelect';
import { SlugField } from './SlugField';

const FIELDS = ['typeId', 'name', 'slug', 'parent', 'salesUserId'] as const;
const ALIASES = { parentId: 'parent' };

interface CreateOrgFormProps {
  /** The types this form may create (a select when more than one). */
  typeOptions: readonly OrgTypeId[];
  /** A fixed parent (the "Add child" dialog); otherwise a parent picker when the type needs one. */
  parent?: OrgRef;
  onCreated: (node: OrgDetail) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/** Create a node (POST /admin/organization/create or /admin/division/create). */
export function CreateOrgForm({ typeOptions, parent, onCreated, onCancel, submitLabel }: CreateOrgFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const mutation = useCreateOrg();
  const [slugEdited, setSlugEdited] = useState(false);
  const schema = useMemo(
    () =>
      z
        .object({
          typeId: orgTypeIdSchema,
          name: createOrgBodySchema.shape.name,
          slug: createOrgBodySchema.shape.slug,
          parent: orgRefSchema.nullable(),
          salesUserId: z.number().int().nullable(),
        })
        .superRefine((v, ctx) => {
          if (ALLOWED_PARENT_TYPES[v.typeId].length > 0 && !v.parent)
            ctx.addIssue({ code: 'custom', path: ['parent'], message: t('orgs.create.parentRequired') });
        }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: {
      typeId: typeOptions[0] ?? 1,
      name: '',
      slug: '',
      parent: parent ?? null,
      salesUserId: null,
    },
  });
  const { errors } = form.formState;
  const typeId = form.watch('typeId');
  const name = form.watch('name');
  const needsParent = ALLOWED_PARENT_TYPES[typeId].length > 0;
  const isTeam = typeId === 3;
  // When only one parent is possible it is chosen already (issue 12: the first Create failed with
  // "Choose where it belongs"); once, so a person who clears it is not overruled.
  const sole = useSoleParent(typeId, needsParent && !parent);
  const preselected = useRef<number | null>(null);
  useEffect(() => {
    if (!sole || preselected.current === typeId || form.getValues('parent')) return;
    preselected.current = typeId;
    form.setValue('parent', sole, { shouldValidate: form.formState.isSubmitted });
  }, [sole, typeId, form]);

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(
      {
        typeId: v.typeId,
        name: v.name,
        slug: v.slug,
        parentId: needsParent ? (v.parent?.id ?? null) : null,
        ...(isTeam && user?.role === 'super_admin' && v.salesUserId ? { salesUserId: v.salesUserId } : {}),
      },
      {
        onSuccess: (res) => {
          toast.success(t('orgs.create.created', { name: res.data.name }));
          onCreated(res.data);
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS, ALIASES);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="create-org-form">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <MutationErrorAlert mutation={mutation} testId="create-org-error" />
        {typeOptions.length > 1 ? (
          <Controller
            control={form.control}
            name="typeId"
            render={({ field }) => (
              <SelectField
                label={t('fields.type')}
                value={field.value}
                onChange={(e) => {
                  field.onChange(Number(e.target.value));
                  if (!parent) form.setValue('parent', null);
                }}
                testId="create-org-type"
                options={typeOptions.map((o) => ({ value: o, label: t(`orgTypes.${typeName(o)}`) }))}
              />
            )}
          />
        ) : null}
        {parent ? (
          <TextField label={t('orgs.fields.parent')} value={parent.name} disabled />
        ) : needsParent ? (
          <Controller
            control={form.control}
            name="parent"
            render={({ field }) => (
              <ParentPicker
                key={typeId}
                childTypeId={typeId}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.parent?.message}
                required
              />
            )}
          />
        ) : null}
        <FormTextField
          {...form.register('name', {
            onChange: (e: { target: { value: string } }) => {
              if (!slugEdited)
                form.setValue('slug', slugify(e.target.value), { shouldValidate: form.formState.isSubmitted });
            },
          })}
          label={t('fields.name')}
          required
          autoFocus
          fieldError={errors.name}
          testId="create-org-name"
        />
        <Controller
          control={form.control}
          name="slug"
          render={({ field }) => (
            <SlugField
              typeId={typeId}
              value={field.value}
              onChange={(v) => {
                setSlugEdited(true);
                field.onChange(v);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.slug?.message}
              name={name}
            />
          )}
        />
        {isTeam && user?.role === 'super_admin' ? (
          <Controller
            control={form.control}
            name="salesUserId"
            render={({ field }) => (
              <SalesSelect value={field.value} onChange={field.onChange} error={errors.salesUserId?.message} />
            )}
          />
        ) : null}
        {isTeam && user?.role === 'fys_sales' ? <Alert severity="info">{t('orgs.create.youAreSales')}</Alert> : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <FormButtons
            onCancel={onCancel}
            submitLabel={submitLabel ?? t('orgs.create.submit')}
            submitTestId="create-org-submit"
            busy={mutation.isPending}
          />
        </Stack>
      </Stack>
    </form>
  );
}
