// Labelled form inputs that show their validation message and tie it to the input for screen readers.
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

/** A field's validation message, announced as soon as it appears. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function validityProps(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, ...input }, ref) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} ref={ref} className="input" {...validityProps(id, error)} {...input} />
    </Field>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(
  { label, error, ...input },
  ref,
) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error}>
      <div className="password-wrap">
        <input id={id} ref={ref} className="input" type={visible ? 'text' : 'password'} {...validityProps(id, error)} {...input} />
        <button
          type="button"
          className="btn btn-ghost btn-sm password-toggle"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </Field>
  );
});
