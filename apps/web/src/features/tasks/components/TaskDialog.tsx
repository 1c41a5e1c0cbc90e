import type { Task, TaskList } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateField } from '../../../components/ui/DateField';
import { isIsoDate } from '../../../components/ui/dateText';
import { FormDialog } from '../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../components/ui/FormFields';
import { useToast } from '../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../lib/api/forms';
import { zodErrorMap } from '../../../lib/i18n/validation';
import { useCreateTask, useUpdateTask } from '../api/tasks';

const TAG = /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u;
/** "Roster, payments" → ['roster', 'payments'] (lower case, no repeats), as the server stores them. */
export const parseTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
];

const schema = (tagsInvalid: string) =>
  z.object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000),
    assigneeUserId: z.string(),
    dueOn: z.string().refine((v) => v === '' || isIsoDate(v)),
    tags: z.string().refine((v) => {
      const tags = parseTags(v);
      return tags.length <= 10 && tags.every((tag) => tag.length <= 30 && TAG.test(tag));
    }, tagsInvalid),
  });
type Input = z.input<ReturnType<typeof schema>>;
const FIELDS = ['title', 'description', 'assigneeUserId', 'dueOn', 'tags'] as const;

interface TaskDialogProps {
  organizationId: number;
  assignees: TaskList['assignees'];
  /** The task being edited; none to create one. */
  task: Task | null;
  onClose: () => void;
}

/** Create (POST /tasks) or edit (PATCH /tasks/{id}) a manual task. Mounted only while open. */
export function TaskDialog({ organizationId, assignees, task, onClose }: TaskDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateTask();
  const update = useUpdateTask();
  const mutation = task ? update : create;
  const form = useForm<Input>({
    resolver: zodResolver(schema(t('tasks.form.tagsInvalid')), { error: zodErrorMap(t) }),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      assigneeUserId: task?.assignee ? String(task.assignee.id) : '',
      dueOn: task?.dueOn ?? '',
      tags: task?.tags.join(', ') ?? '',
    },
  });
  const { errors } = form.formState;
  // An assignee who left the node stays selectable on their task until it is changed.
  const options = [
    ...assignees.map((a) => ({ value: String(a.id), label: a.name })),
    ...(task?.assignee && !assignees.some((a) => a.id === task.assignee?.id)
      ? [{ value: String(task.assignee.id), label: task.assignee.name }]
      : []),
  ];

  const onSubmit = form.handleSubmit((v) => {
    const fields = {
      title: v.title.trim(),
      description: v.description.trim() || null,
      assigneeUserId: v.assigneeUserId ? Number(v.assigneeUserId) : null,
      dueOn: v.dueOn || null,
      tags: parseTags(v.tags),
    };
    const onError = (error: unknown) => applyFieldErrors(error, form.setError, FIELDS);
    if (task) {
      update.mutate(
        { id: task.id, body: fields },
        {
          onSuccess: () => {
            toast.success(t('tasks.toast.saved'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      { organizationId, ...fields },
      {
        onSuccess: () => {
          toast.success(t('tasks.toast.created'));
          onClose();
        },
        onError,
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="task-dialog"
      titleId="task-dialog-title"
      title={task ? t('tasks.form.editTitle') : t('tasks.form.createTitle')}
      mutation={mutation}
      errorTestId="task-dialog-error"
      submitLabel={task ? t('common.save') : t('tasks.form.create')}
      submitTestId="task-submit"
    >
      <FormTextField
        {...form.register('title')}
        label={t('tasks.form.title')}
        required
        fullWidth
        autoFocus
        fieldError={errors.title}
        testId="task-title"
      />
      <FormTextField
        {...form.register('description')}
        label={t('tasks.form.description')}
        fullWidth
        multiline
        minRows={2}
        fieldError={errors.description}
        testId="task-description"
      />
      <Controller
        control={form.control}
        name="assigneeUserId"
        render={({ field }) => (
          <SelectField
            label={t('tasks.form.assignee')}
            fullWidth
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            options={options}
            emptyLabel={t('tasks.form.noAssignee')}
            fieldError={errors.assigneeUserId}
            testId="task-assignee"
          />
        )}
      />
      <FormDateField
        control={form.control}
        name="dueOn"
        label={t('tasks.form.dueOn')}
        fullWidth
        fieldError={errors.dueOn}
        testId="task-due"
      />
      <FormTextField
        {...form.register('tags')}
        label={t('tasks.form.tags')}
        fullWidth
        fieldError={errors.tags}
        placeholder={t('tasks.form.tagsHelp')}
        testId="task-tags"
      />
    </FormDialog>
  );
}
