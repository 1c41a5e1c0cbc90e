/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * A labelled input or select of the invitation and registration forms, with its problem below
 * it (linked by aria-describedby) or a hint. The test id is the SPA's, on the control.
 */
import type { ComponentChildren } from 'preact';

export interface FieldProps {
  /** The control's id and test id (`invite-first-name`). */
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  onValue: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete?: string;
  required?: boolean;
  /** Options: the control is a select. */
  options?: ComponentChildren;
  /** A textarea (the team registration's purpose). */
  multiline?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
}

export function Field({
  id,
  name,
  label,
  value,
  error,
  hint,
  onValue,
  type = 'text',
  autoComplete,
  required,
  options,
  multiline,
  inputMode,
}: FieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name,
    value,
    required,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
    'data-testid': id,
  };
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id}>{label}</label>
      {options ? (
        <select {...common} onChange={(e) => onValue(e.currentTarget.value)}>
          {options}
        </select>
      ) : multiline ? (
        <textarea {...common} rows={4} onInput={(e) => onValue(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type={type as 'text'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onInput={(e) => onValue(e.currentTarget.value)}
        />
      )}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Focuses the first control of `order` that has a problem, inside `form`. */
export function focusFirst(
  form: HTMLFormElement | null,
  order: readonly string[],
  errors: Partial<Record<string, string>>,
) {
  const first = order.find((f) => errors[f]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
