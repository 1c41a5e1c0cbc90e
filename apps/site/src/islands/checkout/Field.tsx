/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * A labelled text field of the payment pages: its problem (or hint) under it, announced with it
 * (`aria-describedby`, `aria-invalid`). The helper's id is `{id}-helper`.
 */
import type { ComponentChildren, Ref } from 'preact';
import { useRef } from 'preact/hooks';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null | undefined;
  hint?: ComponentChildren;
  type?: 'text' | 'email';
  required?: boolean;
  readOnly?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  multiline?: boolean;
  /** "$" before or "US$" after the value. */
  prefix?: string;
  suffix?: string;
  inputRef?: Ref<HTMLInputElement>;
  class?: string;
}

export function Field(p: FieldProps) {
  const shown = useRef(p.value);
  shown.current = p.value;
  const helperId = `${p.id}-helper`;
  const helper = p.error || p.hint;
  const common = {
    id: p.id,
    name: p.id,
    value: p.value,
    onInput: (e: Event) => {
      const el = e.currentTarget as HTMLInputElement;
      p.onValue(el.value);
      // A controlled field: when the page keeps another text (digits only, the card's groups), or
      // the same as before (so nothing re-renders), the field shows what the page keeps. Preact's
      // render runs in a microtask queued by the change, so this one comes after it.
      queueMicrotask(() => {
        if (el.value !== shown.current) el.value = shown.current;
      });
    },
    required: p.required,
    readOnly: p.readOnly,
    maxLength: p.maxLength,
    placeholder: p.placeholder,
    autoComplete: p.autoComplete,
    'aria-invalid': p.error ? ('true' as const) : undefined,
    'aria-describedby': helper ? helperId : undefined,
    'data-testid': p.id,
  };
  return (
    <div class={`field${p.error ? ' invalid' : ''}${p.class ? ` ${p.class}` : ''}`}>
      <label for={p.id}>
        {p.label}
        {p.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {p.multiline ? (
        <textarea {...common} rows={3} />
      ) : (
        <div class="pay-adorned">
          {p.prefix ? (
            <span class="pay-adornment" aria-hidden="true">
              {p.prefix}
            </span>
          ) : null}
          {p.type === 'email' ? (
            <input {...common} ref={p.inputRef} type="email" inputMode={p.inputMode} />
          ) : (
            <input {...common} ref={p.inputRef} type="text" inputMode={p.inputMode} />
          )}
          {p.suffix ? (
            <span class="pay-adornment" aria-hidden="true">
              {p.suffix}
            </span>
          ) : null}
        </div>
      )}
      {helper ? (
        <p class={p.error ? 'field-error' : 'field-hint'} id={helperId}>
          {p.error || p.hint}
        </p>
      ) : null}
    </div>
  );
}
